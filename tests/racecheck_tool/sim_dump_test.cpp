#include "sim_dump.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <sstream>

namespace ampcl::sim {
namespace {

template <class T>
sim_argument arg_of(const char* name, value_type t, std::vector<T> values, bool hex = false) {
  sim_argument a;
  a.name = name;
  a.type = t;
  a.hex = hex;
  a.size = values.size() * sizeof(T);
  a.data.resize(a.size);
  std::memcpy(a.data.data(), values.data(), a.size);
  return a;
}

TEST(SimDump, MatchesOclgrindKernelLayout) {
  auto a = arg_of<float>("out", value_type::float_, {1.0f, 2.5f, 1e10f});
  std::ostringstream out;
  dump_argument(out, a, a.data.data());
  EXPECT_EQ(out.str(),
            "\nArgument 'out': 12 bytes\n  out[0] = 1\n  out[1] = 2.5\n  out[2] = 1e+10\n\n");
}

TEST(SimDump, CharsPrintAsNumbersAndHexIsZeroPadded) {
  auto c = arg_of<int8_t>("c", value_type::char_, {-1, 65});
  std::ostringstream out;
  dump_argument(out, c, c.data.data());
  EXPECT_EQ(out.str(), "\nArgument 'c': 2 bytes\n  c[0] = -1\n  c[1] = 65\n\n");
  auto h = arg_of<uint32_t>("h", value_type::uint, {255, 0xDEADBEEF}, true);
  std::ostringstream hex;
  dump_argument(hex, h, h.data.data());
  EXPECT_EQ(hex.str(), "\nArgument 'h': 8 bytes\n  h[0] = 0x000000ff\n  h[1] = 0xdeadbeef\n\n");
  // The stream is left as it was found.
  hex << 10;
  EXPECT_EQ(hex.str().substr(hex.str().size() - 2), "10");
}

}  // namespace
}  // namespace ampcl::sim
