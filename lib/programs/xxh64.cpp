#include "programs/xxh64.hpp"

#include <cstring>

namespace ampcl::detail {

namespace {

constexpr std::uint64_t p1 = 0x9E3779B185EBCA87ull, p2 = 0xC2B2AE3D27D4EB4Full,
                        p3 = 0x165667B19E3779F9ull, p4 = 0x85EBCA77C2B2AE63ull,
                        p5 = 0x27D4EB2F165667C5ull;

std::uint64_t rotl(std::uint64_t x, int r) {
  return (x << r) | (x >> (64 - r));
}
// Little-endian reads, as the algorithm defines them (x86 and ARM Linux are).
std::uint64_t read64(const unsigned char* p) {
  std::uint64_t v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
std::uint32_t read32(const unsigned char* p) {
  std::uint32_t v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
std::uint64_t round(std::uint64_t acc, std::uint64_t input) {
  return rotl(acc + input * p2, 31) * p1;
}
std::uint64_t merge(std::uint64_t acc, std::uint64_t v) {
  return (acc ^ round(0, v)) * p1 + p4;
}

}  // namespace

std::uint64_t xxh64(const void* data, std::size_t size, std::uint64_t seed) {
  const auto* p = static_cast<const unsigned char*>(data);
  const unsigned char* const end = p + size;
  std::uint64_t h;
  if (size >= 32) {
    std::uint64_t v1 = seed + p1 + p2, v2 = seed + p2, v3 = seed, v4 = seed - p1;
    for (; p + 32 <= end; p += 32) {
      v1 = round(v1, read64(p));
      v2 = round(v2, read64(p + 8));
      v3 = round(v3, read64(p + 16));
      v4 = round(v4, read64(p + 24));
    }
    h = rotl(v1, 1) + rotl(v2, 7) + rotl(v3, 12) + rotl(v4, 18);
    h = merge(merge(merge(merge(h, v1), v2), v3), v4);
  } else {
    h = seed + p5;
  }
  h += static_cast<std::uint64_t>(size);
  for (; p + 8 <= end; p += 8) h = rotl(h ^ round(0, read64(p)), 27) * p1 + p4;
  if (p + 4 <= end) {
    h = rotl(h ^ (std::uint64_t(read32(p)) * p1), 23) * p2 + p3;
    p += 4;
  }
  for (; p < end; ++p) h = rotl(h ^ (*p * p5), 11) * p1;
  h ^= h >> 33;
  h *= p2;
  h ^= h >> 29;
  h *= p3;
  h ^= h >> 32;
  return h;
}

}  // namespace ampcl::detail
