// Whether two byte ranges of host memory share a byte: the one test behind "may
// these two arguments reach the same memory" for the host-device check
// (host_hazards.cpp) and the shared shadows (shadow_launch.cpp).
#pragma once

#include <cstddef>

namespace ampcl::debug {

inline bool ranges_overlap(const void* a, std::size_t a_bytes, const void* b, std::size_t b_bytes) {
  const auto* p = static_cast<const char*>(a);
  const auto* q = static_cast<const char*>(b);
  return p && q && p < q + b_bytes && q < p + a_bytes;
}

}  // namespace ampcl::debug
