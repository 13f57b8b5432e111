// XXH64 (Yann Collet's xxHash, 64-bit): the disk cache's entry checksum. It
// detects corruption at memory speed (SHA-256 over a 150 KiB binary cost half a
// millisecond of each load); keys stay SHA-256 (programs/sha256.hpp).
#pragma once

#include <cstddef>
#include <cstdint>

namespace ampcl::detail {

std::uint64_t xxh64(const void* data, std::size_t size, std::uint64_t seed = 0);

}  // namespace ampcl::detail
