// fast_math_*: amp_math.h's fast list, float only, and kernel::fast_math(), which
// relaxes a whole kernel. native_* precision is implementation-defined, so the
// bound is looser than precise_math's: 2^-11 absolute where |reference| <= 1 and
// 2^-11 relative above, against a double host reference.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "math_support.hpp"

using namespace ampcl;
using namespace ampcl_math_test;
using ampcl_test::poison_float;
using ampcl_test::poison_int;

namespace {

constexpr double fast_bound = 1.0 / 2048;

struct fast_case {
  const char* name;  // after fast_math_
  double (*ref)(double x, double y);
  double lo, hi, ylo, yhi;
  bool binary;
};

#define U(expr) [](double x, double) -> double { return expr; }
#define B(expr) [](double x, double y) -> double { return expr; }
const fast_case cases[] = {
    {"acos", U(std::acos(x)), -1, 1, 0, 0, false},
    {"asin", U(std::asin(x)), -1, 1, 0, 0, false},
    {"atan", U(std::atan(x)), -50, 50, 0, 0, false},
    {"ceil", U(std::ceil(x)), -10.5, 10.5, 0, 0, false},
    {"cos", U(std::cos(x)), -3.14159, 3.14159, 0, 0, false},
    {"cosh", U(std::cosh(x)), -5, 5, 0, 0, false},
    {"exp", U(std::exp(x)), -10, 10, 0, 0, false},
    {"exp2", U(std::exp2(x)), -10, 10, 0, 0, false},
    {"fabs", U(std::fabs(x)), -5, 5, 0, 0, false},
    {"floor", U(std::floor(x)), -10.5, 10.5, 0, 0, false},
    {"log", U(std::log(x)), 0.01, 1000, 0, 0, false},
    {"log10", U(std::log10(x)), 0.01, 1000, 0, 0, false},
    {"log2", U(std::log2(x)), 0.01, 1000, 0, 0, false},
    {"round", U(std::round(x)), -10.5, 10.5, 0, 0, false},
    {"rsqrt", U(1.0 / std::sqrt(x)), 0.01, 1e4, 0, 0, false},
    {"sin", U(std::sin(x)), -3.14159, 3.14159, 0, 0, false},
    {"sinh", U(std::sinh(x)), -5, 5, 0, 0, false},
    {"sqrt", U(std::sqrt(x)), 0, 1e4, 0, 0, false},
    {"tan", U(std::tan(x)), -1.2, 1.2, 0, 0, false},
    {"tanh", U(std::tanh(x)), -5, 5, 0, 0, false},
    {"trunc", U(std::trunc(x)), -10.5, 10.5, 0, 0, false},
    {"atan2", B(std::atan2(x, y)), -5, 5, -3, 7, true},
    {"fmax", B(std::fmax(x, y)), -5, 5, -3, 7, true},
    {"fmin", B(std::fmin(x, y)), -5, 5, -3, 7, true},
    {"fmod", B(std::fmod(x, y)), -20, 20, 0.5, 3.5, true},
    {"pow", B(std::pow(x, y)), 0.1, 10, -3, 3, true},  // x > 0: native_powr
};
#undef U
#undef B

bool within_fast_bound(float got, double ref) {
  return std::fabs(static_cast<double>(got) - ref) <= fast_bound * std::fmax(1.0, std::fabs(ref));
}

void check_fast(const fast_case& c, const kernel& k, const std::string& label) {
  const int n = 1001;
  std::vector<float> x = spread<float>(c.lo, c.hi, n), y = spread<float>(c.yhi, c.ylo, n);
  std::vector<float> out(n, poison_float);
  array_view<const float, 1> xv(n, x), yv(n, y);
  array_view<float, 1> ov(n, out);
  if (c.binary)
    parallel_for_each(ov.get_extent(), k, xv, yv, ov);
  else
    parallel_for_each(ov.get_extent(), k, xv, ov);
  ov.synchronize();
  for (int i = 0; i < n; ++i) {
    const double ref = c.ref(x[i], y[i]);
    ASSERT_TRUE(within_fast_bound(out[i], ref))
        << label << "(" << x[i] << (c.binary ? ", " + std::to_string(y[i]) : "") << ") = " << out[i]
        << ", reference " << ref;
  }
}

class FastMath : public ::testing::TestWithParam<fast_case> {};

TEST_P(FastMath, BothSpellingsWithinFastBound) {
  const fast_case& c = GetParam();
  const std::string name = std::string("fast_math_") + c.name;
  check_fast(c, math_kernel<float>(name), name);
  check_fast(c, math_kernel<float>(name + "f"), name + "f");
}

// precise_math_ kernels built with kernel::fast_math() stay within the fast bound.
TEST_P(FastMath, PreciseKernelBuiltWithFastMathOption) {
  const fast_case& c = GetParam();
  const std::string name = std::string("precise_math_") + c.name;
  const kernel k = math_kernel<float>(name).fast_math();
  EXPECT_NE(k.options().find("-cl-fast-relaxed-math"), std::string::npos) << k.options();
  check_fast(c, k, name + " with fast_math()");
}

INSTANTIATE_TEST_SUITE_P(Functions, FastMath, ::testing::ValuesIn(cases),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace

TEST(FastMathMisc, PredicatesOnSpecialValues) {
  const float inf = std::numeric_limits<float>::infinity();
  std::vector<float> x{0.f, -0.f, 1.f, -2.5f, inf, -inf, std::nanf("")};
  const int n = static_cast<int>(x.size());
  array_view<const float, 1> xv(n, x);
  const char* names[] = {"isfinite", "isinf", "isnan", "signbit", "signbitf"};
  for (const char* p : names) {
    std::vector<int> out(n, poison_int);
    array_view<int, 1> ov(n, out);
    parallel_for_each(ov.get_extent(), math_kernel<float>(std::string("fast_math_") + p), xv, ov);
    ov.synchronize();
    for (int i = 0; i < n; ++i) {
      const std::string fn = p;
      const bool ref = fn == "isfinite" ? std::isfinite(x[i])
                       : fn == "isinf"  ? std::isinf(x[i])
                       : fn == "isnan"  ? std::isnan(x[i])
                                        : std::signbit(x[i]);
      EXPECT_EQ(out[i] != 0, ref) << p << "(" << x[i] << ")";
    }
  }
}

TEST(FastMathMisc, FrexpModfSincosLdexp) {
  for (const char* suffix : {"", "f"}) {
    const int n = 129;
    std::vector<float> x = spread<float>(-3.1f, 3.1f, n), y = spread<float>(-4, 4, n);
    std::vector<float> r(6 * n, poison_float);
    std::vector<int> e(4 * n, poison_int);
    array_view<const float, 1> xv(n, x), yv(n, y);
    array_view<float, 1> rv(6 * n, r);
    array_view<int, 1> ev(4 * n, e);
    parallel_for_each(extent<1>(n),
                      math_kernel<float>(std::string("fast_math_out_params") + suffix), xv, yv, rv,
                      ev);
    rv.synchronize();
    ev.synchronize();
    for (int i = 0; i < n; ++i) {
      int host_e = 0;
      float host_ip = 0;
      EXPECT_EQ(r[6 * i], std::frexp(x[i], &host_e)) << x[i];
      EXPECT_EQ(e[4 * i], host_e) << x[i];
      EXPECT_EQ(r[6 * i + 1], std::modf(x[i], &host_ip)) << x[i];
      EXPECT_EQ(r[6 * i + 2], host_ip) << x[i];
      EXPECT_TRUE(within_fast_bound(r[6 * i + 3], std::sin(static_cast<double>(x[i])))) << x[i];
      EXPECT_TRUE(within_fast_bound(r[6 * i + 4], std::cos(static_cast<double>(x[i])))) << x[i];
      EXPECT_EQ(r[6 * i + 5], std::ldexp(x[i], static_cast<int>(y[i]))) << x[i];
    }
  }
}
