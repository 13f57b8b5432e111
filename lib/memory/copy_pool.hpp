// memcpy on several threads, for staged host <-> device copies: one thread moves
// about 10 GB/s, a PCIe 5 or NVLink DMA several times that. The threads are started
// once and wait for work: starting a std::thread per chunk costs 20-50 us each.
#pragma once

#include <cstddef>

namespace ampcl::detail {

// Copies `bytes` from `src` to `dst` (not overlapping) on up to `threads` threads,
// the caller's included; returns when every byte is there. `streaming`: with
// streaming stores (stream_copy.hpp), for bytes this CPU will not read soon. Safe
// to call from several threads at once (their parts share the pool).
void parallel_memcpy(void* dst, const void* src, std::size_t bytes, unsigned threads,
                     bool streaming);

}  // namespace ampcl::detail
