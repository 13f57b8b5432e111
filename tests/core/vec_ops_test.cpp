// Short vector arithmetic on the host, as C++ AMP defines it: component-wise,
// scalars broadcast, integer-only operators only on int_N/uint_N.
#include <gtest/gtest.h>

#include <ampcl/short_vectors.hpp>
#include <type_traits>

using namespace ampcl::graphics;

namespace {
template <class V, class = void>
struct has_modulo : std::false_type {};
template <class V>
struct has_modulo<V, std::void_t<decltype(std::declval<V>() % std::declval<V>())>>
    : std::true_type {};
template <class V, class = void>
struct has_negation : std::false_type {};
template <class V>
struct has_negation<V, std::void_t<decltype(-std::declval<V>())>> : std::true_type {};
}  // namespace

TEST(VecOps, ConstructorsZeroBroadcastAndPerComponent) {
  const int_4 zero;
  EXPECT_EQ(zero, int_4(0, 0, 0, 0));
  const float_3 b(2.5f);
  EXPECT_EQ(b.x, 2.5f);
  EXPECT_EQ(b.y, 2.5f);
  EXPECT_EQ(b.z, 2.5f);
  const uint_2 u(3u, 4u);
  EXPECT_EQ(u.x, 3u);
  EXPECT_EQ(u.y, 4u);
  EXPECT_EQ(int_2::size, 2);
  EXPECT_EQ(double_4::size, 4);
  static_assert(std::is_same_v<float_3::value_type, float>);
  static_assert(std::is_same_v<norm_2::value_type, norm>);
}

TEST(VecOps, IntArithmeticIsComponentWise) {
  const int_3 a(7, -8, 9), b(2, 3, -4);
  EXPECT_EQ(a + b, int_3(9, -5, 5));
  EXPECT_EQ(a - b, int_3(5, -11, 13));
  EXPECT_EQ(a * b, int_3(14, -24, -36));
  EXPECT_EQ(a / b, int_3(3, -2, -2));  // C++ truncation, as AMP
  EXPECT_EQ(a % b, int_3(1, -2, 1));
  EXPECT_EQ(-a, int_3(-7, 8, -9));
  EXPECT_EQ(~a, int_3(~7, ~-8, ~9));
  EXPECT_EQ(a & b, int_3(7 & 2, -8 & 3, 9 & -4));
  EXPECT_EQ(a | b, int_3(7 | 2, -8 | 3, 9 | -4));
  EXPECT_EQ(a ^ b, int_3(7 ^ 2, -8 ^ 3, 9 ^ -4));
  // C++'s shifts, as C++ AMP's: a negative value shifted left is undefined (C++17).
  EXPECT_EQ(int_3(7, 8, 9) << int_3(1, 2, 3), int_3(14, 32, 72));
  EXPECT_EQ(a >> int_3(1), int_3(3, -4, 4));
  int_3 c = a;
  c += b;
  c -= int_3(1);
  c *= 2;  // scalar broadcast
  c /= int_3(1, 2, 5);
  c %= int_3(100);
  EXPECT_EQ(c, int_3(16, -6, 1));
  EXPECT_EQ(a * 2, int_3(14, -16, 18));
  EXPECT_EQ(3 + a, int_3(10, -5, 12));
}

TEST(VecOps, UintWrapsAndHasNoNegation) {
  const uint_2 a(1u, 0xFFFFFFFFu);
  EXPECT_EQ(a + uint_2(1u), uint_2(2u, 0u));
  EXPECT_EQ(a - uint_2(2u), uint_2(0xFFFFFFFFu, 0xFFFFFFFDu));
  EXPECT_EQ(a >> uint_2(31u), uint_2(0u, 1u));
  static_assert(!has_negation<uint_2>::value, "C++ AMP's uint_2 has no unary minus");
  static_assert(has_negation<int_2>::value && has_negation<float_2>::value);
}

TEST(VecOps, FloatAndDoubleArithmeticMatchScalarMath) {
  const float_4 a(1.5f, -2.f, 0.25f, 8.f), b(0.5f, 4.f, -0.125f, 3.f);
  const float_4 sum = a + b, prod = a * b, quot = a / b, diff = a - b;
  EXPECT_EQ(sum, float_4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w));
  EXPECT_EQ(prod, float_4(a.x * b.x, a.y * b.y, a.z * b.z, a.w * b.w));
  EXPECT_EQ(quot, float_4(a.x / b.x, a.y / b.y, a.z / b.z, a.w / b.w));
  EXPECT_EQ(diff, float_4(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w));
  static_assert(!has_modulo<float_2>::value, "% is integer-only in C++ AMP");
  static_assert(has_modulo<int_2>::value && has_modulo<uint_4>::value);
  const double_2 d(1.0 / 3, 2.0);
  EXPECT_EQ(d * 3.0, double_2(1.0 / 3 * 3.0, 6.0));
  EXPECT_EQ(-d, double_2(-1.0 / 3, -2.0));
}

TEST(VecOps, IncrementDecrementAndComparison) {
  float_2 f(0.5f, -1.f);
  EXPECT_EQ(f++, float_2(0.5f, -1.f));
  EXPECT_EQ(f, float_2(1.5f, 0.f));
  EXPECT_EQ(--f, float_2(0.5f, -1.f));
  EXPECT_TRUE(int_2(1, 2) == int_2(1, 2));
  EXPECT_TRUE(int_2(1, 2) != int_2(2, 1));
  EXPECT_FALSE(int_2(1, 2) != int_2(1, 2));
}

TEST(VecOps, ExplicitConversionsBetweenComponentTypes) {
  const float_3 f(1.75f, -2.5f, 3.0f);
  EXPECT_EQ(int_3(f), int_3(1, -2, 3));  // truncation toward zero
  EXPECT_EQ(float_2(int_2(3, -4)), float_2(3.f, -4.f));
  EXPECT_EQ(double_2(float_2(0.1f, 2.f)), double_2(static_cast<double>(0.1f), 2.0));
  EXPECT_EQ(norm_3(f), norm_3(1.f, -1.f, 1.f));  // clamped per component
  EXPECT_EQ(unorm_2(float_2(-0.5f, 0.5f)), unorm_2(0.f, 0.5f));
  static_assert(!std::is_convertible_v<float_2, int_2>, "conversions are explicit, as in AMP");
}

TEST(VecOps, ShortVectorAndTraits) {
  static_assert(std::is_same_v<short_vector<int, 1>::type, int>);
  static_assert(std::is_same_v<short_vector<int, 2>::type, int_2>);
  static_assert(std::is_same_v<short_vector<unsigned int, 3>::type, uint_3>);
  static_assert(std::is_same_v<short_vector<float, 4>::type, float_4>);
  static_assert(std::is_same_v<short_vector<double, 2>::type, double_2>);
  static_assert(std::is_same_v<short_vector<norm, 3>::type, norm_3>);
  static_assert(std::is_same_v<short_vector<unorm, 4>::type, unorm_4>);
  static_assert(std::is_same_v<short_vector_traits<float_3>::value_type, float>);
  static_assert(short_vector_traits<float_3>::size == 3);
  static_assert(short_vector_traits<unorm_2>::size == 2);
  static_assert(std::is_same_v<short_vector_traits<double>::value_type, double>);
  static_assert(short_vector_traits<double>::size == 1);
  SUCCEED();
}
