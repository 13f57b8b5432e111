// memcpy with non-temporal (streaming) stores, for staged copies: the bytes are
// not read again by this CPU (a DMA reads the pinned buffer, or the user reads
// the result much later), so writing around the cache saves the read-for-ownership
// of every destination line and the cache's eviction traffic, which a DMA running
// at the same time competes with (measured: bench/transfer_probe.cpp).
#pragma once

#include <cstddef>

namespace ampcl::detail {

// Copies `bytes` from `src` to `dst` (not overlapping). The stores are globally
// visible when it returns (it ends with a store fence). A plain memcpy where the
// CPU has no streaming stores.
void stream_copy(void* dst, const void* src, std::size_t bytes);

}  // namespace ampcl::detail
