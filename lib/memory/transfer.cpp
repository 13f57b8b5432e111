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

// The DMA event of each ring slot during one staged transfer. Whatever way the
// transfer ends, no command may still use the staging memory once the ring is
// unlocked: on an error the destructor drains the queue.
class slot_events {
 public:
  slot_events(cl_command_queue q, std::size_t slots) : q_(q), events_(slots, nullptr) {}
  slot_events(const slot_events&) = delete;
  slot_events& operator=(const slot_events&) = delete;
  ~slot_events() {
    bool pending = false;
    for (cl_event& e : events_)
      if (e) clReleaseEvent(e), pending = true;
    if (pending) clFinish(q_);
  }
  cl_event* receive(std::size_t slot) { return &events_[slot]; }
  // Returns when the slot's last DMA is over (at once when it had none).
  void wait(std::size_t slot) {
    cl_event& e = events_[slot];
    if (!e) return;
    const cl_int err = clWaitForEvents(1, &e);
    clReleaseEvent(e);
    e = nullptr;
    check(err, "clWaitForEvents", "waiting for a staged copy");
  }
  void wait_all() {
    for (std::size_t s = 0; s < events_.size(); ++s) wait(s);
  }

 private:
  cl_command_queue q_;
  std::vector<cl_event> events_;
};

// Chunk k of a staged transfer: bytes [at, at + n), through ring slot `slot`.
struct chunk {
  std::size_t at, n, slot;
};

class staged_copy {
 public:
  staged_copy(view_state& view, staging_ring& ring, std::size_t bytes, unsigned threads)
      : q_(view.queue.get()),
        ring_(ring),
        bytes_(bytes),
        threads_(threads),
        // Smaller chunks for transfers of a few chunks, so they still overlap.
        chunk_bytes_(std::min(ring.chunk_bytes,
                              std::max(min_chunk_bytes, round_up(bytes / ring.buffers.size())))),
        chunks_((bytes + chunk_bytes_ - 1) / chunk_bytes_),
        events_(q_, ring.buffers.size()) {}

  // Chunk k+1 is copied into its pinned buffer while chunk k's DMA runs; a buffer
  // is refilled once the DMA of the chunk before in it is over.
  void to_device(cl_mem buffer, std::size_t offset, const char* src) {
    for (std::size_t k = 0; k < chunks_; ++k) {
      const chunk c = at(k);
      events_.wait(c.slot);
      parallel_memcpy(ring_.host[c.slot], src + c.at, c.n, threads_);
      enqueue_copy(q_, direction::to_device, buffer, offset + c.at, c.n, ring_.host[c.slot], false,
                   events_.receive(c.slot));
      clFlush(q_);  // start the DMA now, not when the queue next waits
    }
    events_.wait_all();
  }

  // Every buffer of the ring has a DMA in flight while the host copies the oldest
  // finished chunk out; its buffer then takes the next chunk.
  void to_host(cl_mem buffer, std::size_t offset, char* dst) {
    const std::size_t slots = ring_.buffers.size();
    std::size_t issued = 0;
    for (std::size_t k = 0; k < chunks_; ++k) {
      for (; issued < chunks_ && issued < k + slots; ++issued) {
        const chunk c = at(issued);
        enqueue_copy(q_, direction::to_host, buffer, offset + c.at, c.n, ring_.host[c.slot], false,
                     events_.receive(c.slot));
      }
      clFlush(q_);
      const chunk c = at(k);
      events_.wait(c.slot);
      parallel_memcpy(dst + c.at, ring_.host[c.slot], c.n, threads_);
    }
  }

 private:
  static constexpr std::size_t min_chunk_bytes = 1u << 20;
  static std::size_t round_up(std::size_t n) {
    constexpr std::size_t page = 4096;
    return (n + page - 1) / page * page;
  }
  chunk at(std::size_t k) const {
    const std::size_t begin = k * chunk_bytes_;
    return {begin, std::min(chunk_bytes_, bytes_ - begin), k % ring_.buffers.size()};
  }

  cl_command_queue q_;
  staging_ring& ring_;
  std::size_t bytes_;
  unsigned threads_;
  std::size_t chunk_bytes_, chunks_;
  slot_events events_;
};

void copy_bytes(view_state& view, direction dir, cl_mem buffer, std::size_t offset,
                std::size_t bytes, void* host) {
  const transfer_tuning& t = current_transfer_tuning();
  staging_ring* ring =
      bytes >= t.threshold_bytes ? staging_ring_for(view, t.chunk_bytes, t.buffers) : nullptr;
  if (!ring) {
    enqueue_copy(view.queue.get(), dir, buffer, offset, bytes, host, true, nullptr);
    return;
  }
  std::lock_guard<std::mutex> lock(ring->m);
  staged_copy copy(view, *ring, bytes, t.copy_threads);
  if (dir == direction::to_device)
    copy.to_device(buffer, offset, static_cast<const char*>(host));
  else
    copy.to_host(buffer, offset, static_cast<char*>(host));
}

}  // namespace

void write_to_device(view_state& view, cl_mem buffer, std::size_t offset, std::size_t bytes,
                     const void* src) {
  copy_bytes(view, direction::to_device, buffer, offset, bytes, const_cast<void*>(src));
}

void read_from_device(view_state& view, cl_mem buffer, std::size_t offset, std::size_t bytes,
                      void* dst) {
  copy_bytes(view, direction::to_host, buffer, offset, bytes, dst);
}

}  // namespace ampcl::detail
