#include "memory/staging_ring.hpp"

#include <ampcl/errors.hpp>
#include <map>
#include <memory>

#include "devices/device_state.hpp"
#include "support/log.hpp"

namespace ampcl::detail {

namespace {

// Fills `ring` with `count` mapped buffers; false (and `ring` empty) when one fails.
bool allocate(staging_ring& ring, view_state& view, std::size_t chunk_bytes, unsigned count) {
  ring.context = view.dev->context();
  ring.chunk_bytes = chunk_bytes;
  for (unsigned i = 0; i < count; ++i) {
    cl_int err = CL_SUCCESS;
    cl_handle<cl_mem> buffer(clCreateBuffer(view.dev->context(),
                                            CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, chunk_bytes,
                                            nullptr, &err));
    if (err != CL_SUCCESS) break;
    void* p =
        clEnqueueMapBuffer(view.queue.get(), buffer.get(), CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0,
                           chunk_bytes, 0, nullptr, nullptr, &err);
    if (err != CL_SUCCESS) break;
    ring.buffers.push_back(std::move(buffer));
    ring.host.push_back(p);
  }
  if (ring.buffers.size() == count) {
    ring.last_dma.resize(count);
    return true;
  }
  for (std::size_t i = 0; i < ring.buffers.size(); ++i)
    clEnqueueUnmapMemObject(view.queue.get(), ring.buffers[i].get(), ring.host[i], 0, nullptr,
                            nullptr);
  clFinish(view.queue.get());
  ring.buffers.clear();
  ring.host.clear();
  return false;
}

}  // namespace

void staging_ring::wait(std::size_t slot) {
  if (!last_dma[slot]) return;
  const cl_event e = last_dma[slot].get();
  const cl_int err = clWaitForEvents(1, &e);
  last_dma[slot] = {};
  check(err, "clWaitForEvents", "waiting for a staged copy");
}

staging_ring* staging_ring_for(view_state& view, std::size_t chunk_bytes, unsigned count) {
  static std::mutex m;
  // Never freed: pinned memory lives as long as the queues that use it.
  static auto* rings = new std::map<const view_state*, std::unique_ptr<staging_ring>>();
  std::lock_guard<std::mutex> lock(m);
  auto& slot = (*rings)[&view];
  // A view freed and another made at its address, perhaps on another device.
  if (slot && slot->context != view.dev->context()) slot.reset();
  if (!slot) {
    slot = std::make_unique<staging_ring>();
    if (allocate(*slot, view, chunk_bytes, count))
      log(log_level::debug, "staging ring for ", view.dev->info.name, ": ", count, " pinned x ",
          chunk_bytes >> 20, " MiB");
    else
      log(log_level::info, "no pinned staging memory on ", view.dev->info.name,
          ": large copies go straight from pageable memory");
  }
  return slot->buffers.empty() ? nullptr : slot.get();
}

}  // namespace ampcl::detail
