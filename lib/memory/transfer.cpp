#include "memory/transfer.hpp"

#include <algorithm>
#include <ampcl/errors.hpp>
#include <string>
#include <vector>

#include "devices/device_state.hpp"
#include "memory/copy_pool.hpp"
#include "memory/staging_ring.hpp"
#include "memory/transfer_tuning.hpp"

namespace ampcl::detail {

namespace {

enum class direction { to_device, to_host };

// One host <-> buffer copy command; `done` null and `blocking` for a plain copy.
void enqueue_copy(cl_command_queue q, direction dir, cl_mem buffer, std::size_t offset,
                  std::size_t bytes, void* host, bool blocking, cl_event* done) {
  if (dir == direction::to_device)
    check(clEnqueueWriteBuffer(q, buffer, blocking, offset, bytes, host, 0, nullptr, done),
          "clEnqueueWriteBuffer", "copying " + std::to_string(bytes) + " bytes to the device");
  else
    check(clEnqueueReadBuffer(q, buffer, blocking, offset, bytes, host, 0, nullptr, done),
          "clEnqueueReadBuffer", "copying " + std::to_string(bytes) + " bytes to the host");
}

// The sizes of a staged copy's chunks: from `first` doubling up to `most` over the
// first half of the bytes, the mirror image over the second half. Short fill and
// drain, few chunks in the middle.
std::vector<std::size_t> chunk_sizes(std::size_t bytes, std::size_t first, std::size_t most) {
  std::vector<std::size_t> sizes;
  const std::size_t half = bytes / 2;
  std::size_t done = 0;
  for (std::size_t c = first; done < half; c = std::min(2 * c, most)) {
    sizes.push_back(std::min(c, half - done));
    done += sizes.back();
  }
  std::size_t rest = bytes - done;
  for (std::size_t i = sizes.size(); i-- > 0 && rest > 0;) {
    sizes.push_back(std::min(sizes[i], rest));
    rest -= sizes.back();
  }
  if (rest > 0) sizes.push_back(rest);  // an odd byte count: one byte more than mirrored
  return sizes;
}

// A large copy through the queue's ring of pinned buffers: the host's memcpy of one
// chunk (on the copy threads) overlaps the DMA of the chunks before it.
class staged_copy {
 public:
  staged_copy(view_state& view, staging_ring& ring, std::size_t bytes, const transfer_tuning& t)
      : q_(view.queue.get()),
        ring_(ring),
        slots_(std::max<std::size_t>(1, ring.buffers.size())),  // staging_ring_for: never 0
        threads_(t.copy_threads),
        streaming_(t.streaming_stores),
        sizes_(chunk_sizes(bytes, std::min(t.first_chunk_bytes, ring.chunk_bytes),
                           ring.chunk_bytes)) {}

  // Chunk k+1 is copied into its pinned buffer while chunk k's DMA runs; a buffer
  // is refilled once its previous DMA is over. Returns once the last chunk has
  // left `src`: its DMA runs on, ordered before whatever the queue does next.
  void to_device(cl_mem buffer, std::size_t offset, const char* src) {
    std::size_t at = 0;
    for (std::size_t k = 0; k < sizes_.size(); ++k) {
      const std::size_t slot = k % slots_, n = sizes_[k];
      ring_.wait(slot);
      parallel_memcpy(ring_.host[slot], src + at, n, threads_, streaming_);
      enqueue_copy(q_, direction::to_device, buffer, offset + at, n, ring_.host[slot], false,
                   ring_.last_dma[slot].receive());
      ring_.last_dma[slot].adopted();
      clFlush(q_);  // start the DMA now, not when the queue next waits
      at += n;
    }
  }

  // Every buffer of the ring has a DMA in flight while the host copies the oldest
  // finished chunk out; its buffer then takes the next chunk.
  void to_host(cl_mem buffer, std::size_t offset, char* dst) {
    const std::size_t slots = slots_;
    std::vector<std::size_t> starts(sizes_.size());
    for (std::size_t k = 1; k < sizes_.size(); ++k) starts[k] = starts[k - 1] + sizes_[k - 1];
    std::size_t issued = 0;
    for (std::size_t k = 0; k < sizes_.size(); ++k) {
      for (; issued < sizes_.size() && issued < k + slots; ++issued) {
        const std::size_t slot = issued % slots;
        // A DMA still reading the buffer, left by a copy to the device, must be
        // over before this one fills it. Queue order gives that only when that copy
        // ran on this queue: the ring belongs to a view's address, and a view made
        // where a freed one was stages through the freed view's ring on its own queue.
        ring_.wait(slot);
        enqueue_copy(q_, direction::to_host, buffer, offset + starts[issued], sizes_[issued],
                     ring_.host[slot], false, ring_.last_dma[slot].receive());
        ring_.last_dma[slot].adopted();
      }
      clFlush(q_);
      const std::size_t slot = k % slots;
      ring_.wait(slot);
      parallel_memcpy(dst + starts[k], ring_.host[slot], sizes_[k], threads_, streaming_);
    }
  }

 private:
  cl_command_queue q_;
  staging_ring& ring_;
  std::size_t slots_;
  unsigned threads_;
  bool streaming_;
  std::vector<std::size_t> sizes_;
};

// Devices that share memory with the host: the buffer mapped is the device's own
// memory, so one memcpy on the copy threads moves the data (the driver's own copy
// runs on one thread). Cached stores: a kernel reads the bytes next, on this CPU.
void mapped_copy(view_state& view, direction dir, cl_mem buffer, std::size_t offset,
                 std::size_t bytes, void* host, unsigned threads) {
  cl_int err = CL_SUCCESS;
  const cl_map_flags flags =
      dir == direction::to_device ? CL_MAP_WRITE_INVALIDATE_REGION : CL_MAP_READ;
  void* mapped = clEnqueueMapBuffer(view.queue.get(), buffer, CL_TRUE, flags, offset, bytes, 0,
                                    nullptr, nullptr, &err);
  check(err, "clEnqueueMapBuffer",
        "mapping " + std::to_string(bytes) + " bytes to copy " +
            (dir == direction::to_device ? "to the device" : "to the host"));
  if (dir == direction::to_device)
    parallel_memcpy(mapped, host, bytes, threads, false);
  else
    parallel_memcpy(host, mapped, bytes, threads, false);
  check(clEnqueueUnmapMemObject(view.queue.get(), buffer, mapped, 0, nullptr, nullptr),
        "clEnqueueUnmapMemObject", "after copying " + std::to_string(bytes) + " bytes");
}

void copy_bytes(view_state& view, direction dir, cl_mem buffer, std::size_t offset,
                std::size_t bytes, void* host, bool registered) {
  if (registered) {  // the driver's DMA reaches this memory itself: staging would only add a copy
    enqueue_copy(view.queue.get(), dir, buffer, offset, bytes, host, true, nullptr);
    return;
  }
  const transfer_tuning& t = current_transfer_tuning();
  const bool large = bytes >= t.threshold_bytes && t.mode != transfer_tuning::staging::never;
  const bool staged = copy_is_staged(view.dev->info, bytes);
  if (large && !staged) {  // a device that shares memory with the host
    mapped_copy(view, dir, buffer, offset, bytes, host, t.copy_threads);
    return;
  }
  staging_ring* ring = staged ? staging_ring_for(view, t.chunk_bytes, t.buffers) : nullptr;
  if (!ring) {
    enqueue_copy(view.queue.get(), dir, buffer, offset, bytes, host, true, nullptr);
    return;
  }
  std::lock_guard<std::mutex> lock(ring->m);
  staged_copy copy(view, *ring, bytes, t);
  if (dir == direction::to_device)
    copy.to_device(buffer, offset, static_cast<const char*>(host));
  else
    copy.to_host(buffer, offset, static_cast<char*>(host));
}

}  // namespace

bool copy_is_staged(const device_info& dev, std::size_t bytes) {
  const transfer_tuning& t = current_transfer_tuning();
  using staging = transfer_tuning::staging;
  if (bytes < t.threshold_bytes || t.mode == staging::never) return false;
  return t.mode == staging::always || !dev.host_unified;
}

void write_to_device(view_state& view, cl_mem buffer, std::size_t offset, std::size_t bytes,
                     const void* src, bool registered) {
  copy_bytes(view, direction::to_device, buffer, offset, bytes, const_cast<void*>(src), registered);
}

void read_from_device(view_state& view, cl_mem buffer, std::size_t offset, std::size_t bytes,
                      void* dst, bool registered) {
  copy_bytes(view, direction::to_host, buffer, offset, bytes, dst, registered);
}

void read_rect_from_device(view_state& view, cl_mem buffer, const buffer_rect& r, void* dst) {
  const std::size_t host_origin[3] = {0, 0, 0};
  check(clEnqueueReadBufferRect(view.queue.get(), buffer, CL_TRUE, r.origin, host_origin, r.region,
                                r.row_pitch, r.slice_pitch, r.region[0], r.region[0] * r.region[1],
                                dst, 0, nullptr, nullptr),
        "clEnqueueReadBufferRect",
        "copying a section of " + std::to_string(r.region[2]) + " x " +
            std::to_string(r.region[1]) + " rows of " + std::to_string(r.region[0]) +
            " bytes to the host");
}

}  // namespace ampcl::detail
