#include "memory/stream_copy.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__) || defined(_M_X64)
#include <emmintrin.h>
#define AMPCL_STREAM_STORES 1
#endif

namespace ampcl::detail {

void stream_copy(void* dst, const void* src, std::size_t bytes) {
#ifdef AMPCL_STREAM_STORES
  auto* d = static_cast<char*>(dst);
  const auto* s = static_cast<const char*>(src);
  // Streaming stores need a 16-byte aligned destination: the head goes plainly.
  const std::size_t head = std::min(bytes, (16 - reinterpret_cast<std::uintptr_t>(d) % 16) % 16);
  std::memcpy(d, s, head);
  d += head;
  s += head;
  bytes -= head;
  // 64 bytes (a cache line) per step: four loads, then four streaming stores.
  for (; bytes >= 64; bytes -= 64, d += 64, s += 64) {
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + 16));
    const __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + 32));
    const __m128i e = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + 48));
    _mm_stream_si128(reinterpret_cast<__m128i*>(d), a);
    _mm_stream_si128(reinterpret_cast<__m128i*>(d + 16), b);
    _mm_stream_si128(reinterpret_cast<__m128i*>(d + 32), c);
    _mm_stream_si128(reinterpret_cast<__m128i*>(d + 48), e);
  }
  std::memcpy(d, s, bytes);
  // Streaming stores are weakly ordered: they must be visible before the caller
  // tells another thread, or a DMA, that the bytes are there.
  _mm_sfence();
#else
  std::memcpy(dst, src, bytes);
#endif
}

}  // namespace ampcl::detail
