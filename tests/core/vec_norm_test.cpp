// norm clamps to [-1, 1] and unorm to [0, 1] on construction and after every
// operation, as C++ AMP's norm and unorm.
#include <gtest/gtest.h>

#include <ampcl/short_vectors.hpp>
#include <limits>
#include <type_traits>

using namespace ampcl::graphics;

TEST(VecNorm, NormClampsOnConstruction) {
  EXPECT_EQ(static_cast<float>(norm(0.25f)), 0.25f);
  EXPECT_EQ(static_cast<float>(norm(1.5f)), 1.f);
  EXPECT_EQ(static_cast<float>(norm(-3.f)), -1.f);
  EXPECT_EQ(static_cast<float>(norm(2)), 1.f);
  EXPECT_EQ(static_cast<float>(norm(0u)), 0.f);
  EXPECT_EQ(static_cast<float>(norm(-0.5)), -0.5f);
  EXPECT_EQ(static_cast<float>(norm()), 0.f);
  EXPECT_EQ(static_cast<float>(norm(unorm(0.75f))), 0.75f);
  static_assert(!std::is_convertible_v<float, norm>, "norm(float) is explicit, as in AMP");
  static_assert(std::is_convertible_v<unorm, norm>, "unorm converts to norm implicitly");
}

TEST(VecNorm, UnormClampsOnConstruction) {
  EXPECT_EQ(static_cast<float>(unorm(0.25f)), 0.25f);
  EXPECT_EQ(static_cast<float>(unorm(1.5f)), 1.f);
  EXPECT_EQ(static_cast<float>(unorm(-0.5f)), 0.f);
  EXPECT_EQ(static_cast<float>(unorm(norm(-0.5f))), 0.f);
  EXPECT_EQ(static_cast<float>(unorm(3u)), 1.f);
  static_assert(!std::is_convertible_v<norm, unorm>, "norm to unorm is explicit");
}

TEST(VecNorm, OperationsClampTheirResults) {
  const norm a(0.75f), b(0.5f);
  EXPECT_EQ(static_cast<float>(a + b), 1.f);
  EXPECT_EQ(static_cast<float>(-a - b), -1.f);
  EXPECT_EQ(static_cast<float>(a - b), 0.25f);
  EXPECT_EQ(static_cast<float>(a * b), 0.375f);
  EXPECT_EQ(static_cast<float>(b / a), 0.5f / 0.75f);
  EXPECT_EQ(static_cast<float>(a / b), 1.f);  // 1.5 clamped
  norm c(0.5f);
  ++c;
  EXPECT_EQ(static_cast<float>(c), 1.f);
  c -= norm(1.f);
  c -= norm(1.f);
  EXPECT_EQ(static_cast<float>(c), -1.f);
  const unorm u(0.25f), v(0.5f);
  EXPECT_EQ(static_cast<float>(u - v), 0.f);
  EXPECT_EQ(static_cast<float>(v + v + v), 1.f);
  EXPECT_EQ(static_cast<float>(u * v), 0.125f);
  EXPECT_TRUE(u < v && v > u && u <= u && v >= u && u != v && u == unorm(0.25f));
  EXPECT_TRUE(a > b && -a < b);
  EXPECT_EQ(static_cast<float>(NORM_MAX), 1.f);
  EXPECT_EQ(static_cast<float>(NORM_MIN), -1.f);
  EXPECT_EQ(static_cast<float>(NORM_ZERO), 0.f);
  EXPECT_EQ(static_cast<float>(UNORM_MAX), 1.f);
  EXPECT_EQ(static_cast<float>(UNORM_MIN), 0.f);
}

// One norm and one unorm: ampcl's are C++ AMP's, which take NaN to 0 (Direct3D's
// SNORM and UNORM rule).
TEST(VecNorm, OneClassWithCppAmpAndNaNBecomesZero) {
  static_assert(std::is_same_v<norm, Concurrency::graphics::norm>);
  static_assert(std::is_same_v<unorm, Concurrency::graphics::unorm>);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(static_cast<float>(norm(nan)), 0.f);
  EXPECT_EQ(static_cast<float>(unorm(nan)), 0.f);
  EXPECT_EQ(static_cast<float>(norm(0.5f) / norm(0.f)), 1.f);  // +inf clamped
}

TEST(VecNorm, NormVectorsClampPerComponent) {
  const norm_4 n(0.5f, -0.5f, 2.f, -2.f);
  EXPECT_EQ(n, norm_4(0.5f, -0.5f, 1.f, -1.f));
  EXPECT_EQ(n + n, norm_4(1.f, -1.f, 1.f, -1.f));
  EXPECT_EQ(-n, norm_4(-0.5f, 0.5f, -1.f, 1.f));
  const unorm_3 u(0.25f, 0.75f, 5.f);
  EXPECT_EQ(u, unorm_3(0.25f, 0.75f, 1.f));
  EXPECT_EQ(u + u, unorm_3(0.5f, 1.f, 1.f));
  EXPECT_EQ(u - unorm_3(0.5f), unorm_3(0.f, 0.25f, 0.5f));
  EXPECT_EQ(norm_2(0.75f), norm_2(0.75f, 0.75f));
  norm_2 m(unorm(0.5f), unorm(1.f));
  m *= norm_2(norm(-1.f));
  EXPECT_EQ(m, norm_2(-0.5f, -1.f));
}
