// Pinned (CL_MEM_ALLOC_HOST_PTR) staging buffers kept per queue, mapped once for
// the life of the process: DMA from or to them runs at the bus's full rate, where
// pageable memory reaches a fraction of it on discrete GPUs.
#pragma once

#include <ampcl/cl.hpp>
#include <cstddef>
#include <mutex>
#include <vector>

#include "support/cl_handle.hpp"

namespace ampcl::detail {

struct view_state;

struct staging_ring {
  std::mutex m;  // one staged transfer per queue at a time; guards the rest
  cl_context context = nullptr;
  std::size_t chunk_bytes = 0;
  std::vector<cl_handle<cl_mem>> buffers;
  std::vector<void*> host;  // each buffer's mapping
  // Each buffer's latest DMA: the host refills or reads a buffer only once it is
  // over. Kept across transfers, so a copy to the device returns as soon as its
  // last chunk has left the caller's memory.
  std::vector<cl_handle<cl_event>> last_dma;

  // Returns when buffer `slot`'s latest DMA is over (at once when it has none).
  void wait(std::size_t slot);
};

// The ring of `view`'s queue, `count` buffers of `chunk_bytes` made at the first
// call; nullptr when the device gives no pinned memory (plain copies still work).
staging_ring* staging_ring_for(view_state& view, std::size_t chunk_bytes, unsigned count);

}  // namespace ampcl::detail
