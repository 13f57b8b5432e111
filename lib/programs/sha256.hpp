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

  // Whether blocks go through the CPU's SHA instructions (x86 SHA extensions, used
  // where the CPU has them). set_hardware(false) forces the portable code (tests
  // compare both); it returns the previous setting.
  static bool hardware();
  static bool set_hardware(bool on);

 private:
  void block(const std::uint8_t* p);  // the portable code
  void blocks(const std::uint8_t* p, std::size_t n);
  std::array<std::uint32_t, 8> h_;
  std::array<std::uint8_t, 64> buf_{};
  std::size_t used_ = 0;
  std::uint64_t total_ = 0;  // bytes
};

}  // namespace ampcl::detail
