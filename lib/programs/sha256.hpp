// A compact SHA-256 (FIPS 180-4) for cache keys (entries are checked with xxh64).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace ampcl::detail {

class sha256 {
 public:
  using digest = std::array<std::uint8_t, 32>;

  sha256();
  sha256& update(const void* data, std::size_t size);
  sha256& update(const std::string& s) { return update(s.data(), s.size()); }
  digest finish();  // the object is spent afterwards

  static digest of(const void* data, std::size_t size) {
    return sha256().update(data, size).finish();
  }
  static std::string hex(const digest& d);

 private:
  void block(const std::uint8_t* p);
  std::array<std::uint32_t, 8> h_;
  std::array<std::uint8_t, 64> buf_{};
  std::size_t used_ = 0;
  std::uint64_t total_ = 0;  // bytes
};

}  // namespace ampcl::detail
