#include "memory/transfer.hpp"

#include <ampcl/errors.hpp>

#include "devices/device_state.hpp"
#include "support/cl_handle.hpp"

#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

namespace ampcl::detail {

namespace {

// Below this, staging costs more than it saves.
constexpr std::size_t staging_threshold = 4u << 20;
constexpr std::size_t chunk_bytes = 32u << 20;

// Two pinned buffers of one queue, mapped once for the life of the process.
struct staging_pair {
  std::mutex m;  // one staged transfer per queue at a time
  cl_handle<cl_mem> buffer[2];
  void* host[2] = {nullptr, nullptr};
  bool usable = false;
};

staging_pair* staging_for(view_state& view) {
  static std::mutex m;
  // Never freed: pinned memory lives as long as the queues that use it.
  static auto* pairs = new std::map<const view_state*, std::unique_ptr<staging_pair>>();
  std::lock_guard<std::mutex> lock(m);
  auto& slot = (*pairs)[&view];
  if (slot) return slot->usable ? slot.get() : nullptr;
  slot = std::make_unique<staging_pair>();
  for (int i = 0; i < 2; ++i) {
    cl_int err = CL_SUCCESS;
    slot->buffer[i] = cl_handle<cl_mem>(clCreateBuffer(view.dev->context(),
                                                       CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR,
                                                       chunk_bytes, nullptr, &err));
    if (err != CL_SUCCESS) return nullptr;  // no pinned memory: plain copies still work
    slot->host[i] = clEnqueueMapBuffer(view.queue.get(), slot->buffer[i].get(), CL_TRUE,
                                       CL_MAP_READ | CL_MAP_WRITE, 0, chunk_bytes, 0, nullptr,
                                       nullptr, &err);
    if (err != CL_SUCCESS) return nullptr;
  }
  slot->usable = true;
  return slot.get();
}

// memcpy on several threads: one thread moves about 10 GB/s, a PCIe 5 or NVLink
// DMA several times that.
void parallel_copy(void* dst, const void* src, std::size_t bytes) {
  const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
  const std::size_t workers = std::min<std::size_t>({hw, 8, bytes / (1u << 20) + 1});
  if (workers <= 1) {
    std::memcpy(dst, src, bytes);
    return;
  }
  const std::size_t part = (bytes + workers - 1) / workers;
  std::vector<std::thread> threads;
  for (std::size_t w = 1; w < workers; ++w) {
    const std::size_t begin = w * part;
    if (begin >= bytes) break;
    threads.emplace_back([=] {
      std::memcpy(static_cast<char*>(dst) + begin, static_cast<const char*>(src) + begin,
                  std::min(part, bytes - begin));
    });
  }
  std::memcpy(dst, src, std::min(part, bytes));
  for (auto& t : threads) t.join();
}

void wait_and_release(cl_event& e) {
  if (!e) return;
  const cl_int err = clWaitForEvents(1, &e);
  clReleaseEvent(e);
  e = nullptr;
  check(err, "clWaitForEvents", "waiting for a staged transfer");
}

}  // namespace

void write_to_device(view_state& view, cl_mem buffer, std::size_t offset, std::size_t bytes,
                     const void* src) {
  staging_pair* staging = bytes >= staging_threshold ? staging_for(view) : nullptr;
  if (!staging) {
    check(clEnqueueWriteBuffer(view.queue.get(), buffer, CL_TRUE, offset, bytes, src, 0, nullptr,
                               nullptr),
          "clEnqueueWriteBuffer", "copying " + std::to_string(bytes) + " bytes to the device");
    return;
  }
  std::lock_guard<std::mutex> lock(staging->m);
  cl_event pending[2] = {nullptr, nullptr};
  try {
    for (std::size_t done = 0, i = 0; done < bytes; done += chunk_bytes, i ^= 1) {
      const std::size_t n = std::min(chunk_bytes, bytes - done);
      wait_and_release(pending[i]);  // the DMA out of this staging buffer is over
      parallel_copy(staging->host[i], static_cast<const char*>(src) + done, n);
      check(clEnqueueWriteBuffer(view.queue.get(), buffer, CL_FALSE, offset + done, n,
                                 staging->host[i], 0, nullptr, &pending[i]),
            "clEnqueueWriteBuffer", "copying " + std::to_string(n) + " staged bytes to the device");
    }
    wait_and_release(pending[0]);
    wait_and_release(pending[1]);
  } catch (...) {
    for (cl_event& e : pending)
      if (e) clReleaseEvent(e);
    clFinish(view.queue.get());  // nothing may still read the staging buffers
    throw;
  }
}

void read_from_device(view_state& view, cl_mem buffer, std::size_t offset, std::size_t bytes,
                      void* dst) {
  staging_pair* staging = bytes >= staging_threshold ? staging_for(view) : nullptr;
  if (!staging) {
    check(clEnqueueReadBuffer(view.queue.get(), buffer, CL_TRUE, offset, bytes, dst, 0, nullptr,
                              nullptr),
          "clEnqueueReadBuffer", "copying " + std::to_string(bytes) + " bytes to the host");
    return;
  }
  std::lock_guard<std::mutex> lock(staging->m);
  cl_event pending[2] = {nullptr, nullptr};
  std::size_t at[2] = {0, 0}, len[2] = {0, 0};
  try {
    // Chunk k lands in staging k%2 while the host copies chunk k-1 out of the other.
    std::size_t i = 0;
    for (std::size_t done = 0; done < bytes; done += chunk_bytes, i ^= 1) {
      const std::size_t n = std::min(chunk_bytes, bytes - done);
      check(clEnqueueReadBuffer(view.queue.get(), buffer, CL_FALSE, offset + done, n,
                                staging->host[i], 0, nullptr, &pending[i]),
            "clEnqueueReadBuffer", "copying " + std::to_string(n) + " staged bytes to the host");
      at[i] = done;
      len[i] = n;
      const std::size_t prev = i ^ 1;
      if (pending[prev]) {
        wait_and_release(pending[prev]);
        parallel_copy(static_cast<char*>(dst) + at[prev], staging->host[prev], len[prev]);
      }
    }
    const std::size_t last = i ^ 1;
    wait_and_release(pending[last]);
    parallel_copy(static_cast<char*>(dst) + at[last], staging->host[last], len[last]);
  } catch (...) {
    for (cl_event& e : pending)
      if (e) clReleaseEvent(e);
    clFinish(view.queue.get());
    throw;
  }
}

}  // namespace ampcl::detail
