#include "sim_values.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

namespace ampcl::sim {
namespace {

template <class T>
T first(const std::vector<unsigned char>& b) {
  T v;
  std::memcpy(&v, b.data(), sizeof(T));
  return v;
}

TEST(SimValues, HexIntegersAcceptPrefixAndBareDigits) {
  std::vector<unsigned char> out;
  std::string why;
  ASSERT_TRUE(append_value(value_type::uint, "0xFFFFFFFF", true, out, why)) << why;
  ASSERT_TRUE(append_value(value_type::uint, "1f", true, out, why)) << why;
  EXPECT_EQ(first<uint32_t>(out), 0xFFFFFFFFu);
  uint32_t second;
  std::memcpy(&second, out.data() + 4, 4);
  EXPECT_EQ(second, 0x1Fu);
}

TEST(SimValues, DecimalRejectsHexWithoutTheFlag) {
  std::vector<unsigned char> out;
  std::string why;
  EXPECT_FALSE(append_value(value_type::int_, "0x10", false, out, why));
  EXPECT_NE(why.find("not an integer"), std::string::npos);
}

TEST(SimValues, FloatsIgnoreTheHexFlag) {
  std::vector<unsigned char> out;
  std::string why;
  ASSERT_TRUE(append_value(value_type::float_, "10", true, out, why));
  EXPECT_EQ(first<float>(out), 10.0f);
}

TEST(SimValues, RangeBoundsPerType) {
  std::vector<unsigned char> out;
  std::string why;
  EXPECT_TRUE(append_value(value_type::short_, "-32768", false, out, why));
  EXPECT_FALSE(append_value(value_type::short_, "32768", false, out, why));
  EXPECT_FALSE(append_value(value_type::ushort, "65536", false, out, why));
  EXPECT_FALSE(append_value(value_type::long_, "9223372036854775808", false, out, why));
  EXPECT_FALSE(append_value(value_type::ulong, "18446744073709551616", false, out, why));
  EXPECT_FALSE(append_value(value_type::float_, "1e999", false, out, why));
  EXPECT_FALSE(append_value(value_type::double_, "", false, out, why));
}

TEST(SimValues, FillAndRangeSizes) {
  std::vector<unsigned char> out;
  std::string why;
  ASSERT_TRUE(make_fill(value_type::double_, "3", false, 24, out, why));
  EXPECT_EQ(out.size(), 24u);
  out.clear();
  ASSERT_TRUE(make_range(value_type::uchar, "250:1:255", false, 6, out, why)) << why;
  EXPECT_EQ(out, (std::vector<unsigned char>{250, 251, 252, 253, 254, 255}));
  out.clear();
  ASSERT_TRUE(make_range(value_type::int_, "a:-1:7", true, 16, out, why)) << why;
  EXPECT_EQ(first<int32_t>(out), 10);
}

}  // namespace
}  // namespace ampcl::sim
