// precise_math_*: every amp_math.h function with an OpenCL counterpart, in float
// (both spellings, name and namef) against a double host reference, and in double
// against a long double reference. Tolerances are OpenCL 1.2's ULP bounds
// (section 7.4); functions whose bound is 0 must match exactly.
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

constexpr long double pi_l = 3.141592653589793238462643383279502884L;

struct math_case {
  const char* name;  // after precise_math_
  long double (*ref)(long double x, long double y);
  double lo, hi;    // x range
  double ylo, yhi;  // y range (binary functions)
  bool binary;
  double ulps_float, ulps_double;
  double abs_floor;  // added to the bound where the reference crosses zero (x*pi forms, lgamma)
};

#define U(fn, expr) [](long double x, long double) -> long double { return expr; }
#define B(expr) [](long double x, long double y) -> long double { return expr; }

const math_case cases[] = {
    {"acos", U(acos, std::acos(x)), -1, 1, 0, 0, false, 4, 4, 0},
    {"acosh", U(acosh, std::acosh(x)), 1, 100, 0, 0, false, 4, 4, 0},
    {"asin", U(asin, std::asin(x)), -1, 1, 0, 0, false, 4, 4, 0},
    {"asinh", U(asinh, std::asinh(x)), -50, 50, 0, 0, false, 4, 4, 0},
    {"atan", U(atan, std::atan(x)), -50, 50, 0, 0, false, 5, 5, 0},
    {"atanh", U(atanh, std::atanh(x)), -0.99, 0.99, 0, 0, false, 5, 5, 0},
    {"cbrt", U(cbrt, std::cbrt(x)), -1000, 1000, 0, 0, false, 2, 2, 0},
    {"ceil", U(ceil, std::ceil(x)), -10.5, 10.5, 0, 0, false, 0, 0, 0},
    {"cos", U(cos, std::cos(x)), -10, 10, 0, 0, false, 4, 4, 0},
    {"cosh", U(cosh, std::cosh(x)), -10, 10, 0, 0, false, 4, 4, 0},
    {"cospi", U(cospi, std::cos(pi_l* x)), -4, 4, 0, 0, false, 4, 4, 1e-15},
    {"erf", U(erf, std::erf(x)), -4, 4, 0, 0, false, 16, 16, 0},
    {"erfc", U(erfc, std::erfc(x)), -2, 8, 0, 0, false, 16, 16, 0},
    {"exp", U(exp, std::exp(x)), -20, 20, 0, 0, false, 3, 3, 0},
    {"exp10", U(exp10, std::pow(10.0L, x)), -10, 10, 0, 0, false, 3, 3, 0},
    {"exp2", U(exp2, std::exp2(x)), -30, 30, 0, 0, false, 3, 3, 0},
    {"expm1", U(expm1, std::expm1(x)), -5, 5, 0, 0, false, 3, 3, 0},
    {"fabs", U(fabs, std::fabs(x)), -5, 5, 0, 0, false, 0, 0, 0},
    {"floor", U(floor, std::floor(x)), -10.5, 10.5, 0, 0, false, 0, 0, 0},
    // OpenCL gives lgamma no bound; 16 ulps plus an absolute floor at its zeros (1, 2).
    {"lgamma", U(lgamma, std::lgamma(x)), 0.1, 20, 0, 0, false, 16, 16, 1e-6},
    {"log", U(log, std::log(x)), 1e-3, 1e4, 0, 0, false, 3, 3, 0},
    {"log10", U(log10, std::log10(x)), 1e-3, 1e4, 0, 0, false, 3, 3, 0},
    {"log1p", U(log1p, std::log1p(x)), -0.9, 100, 0, 0, false, 2, 2, 0},
    {"log2", U(log2, std::log2(x)), 1e-3, 1e4, 0, 0, false, 3, 3, 0},
    {"logb", U(logb, std::logb(x)), 1e-3, 1e6, 0, 0, false, 0, 0, 0},
    {"nearbyint", U(nearbyint, std::nearbyint(x)), -10.5, 10.5, 0, 0, false, 0, 0, 0},
    // phi = 0.5 erfc(-x/sqrt 2): erfc's 16 ulps plus the scaling; in double the
    // 1/sqrt(2) constant has ~48 bits (two floats), which |x| up to 5 amplifies.
    {"phi", U(phi, 0.5L * std::erfc(-x / std::sqrt(2.0L))), -5, 5, 0, 0, false, 20, 256, 0},
    {"rcbrt", U(rcbrt, 1.0L / std::cbrt(x)), 0.01, 1000, 0, 0, false, 3, 3, 0},
    {"round", U(round, std::round(x)), -10.5, 10.5, 0, 0, false, 0, 0, 0},
    {"rsqrt", U(rsqrt, 1.0L / std::sqrt(x)), 1e-3, 1e4, 0, 0, false, 2, 2, 0},
    {"sin", U(sin, std::sin(x)), -10, 10, 0, 0, false, 4, 4, 0},
    {"sinh", U(sinh, std::sinh(x)), -10, 10, 0, 0, false, 4, 4, 0},
    {"sinpi", U(sinpi, std::sin(pi_l* x)), -4, 4, 0, 0, false, 4, 4, 1e-15},
    {"sqrt", U(sqrt, std::sqrt(x)), 0, 1e4, 0, 0, false, 3, 0, 0},
    {"tan", U(tan, std::tan(x)), -1.5, 1.5, 0, 0, false, 5, 5, 0},
    {"tanh", U(tanh, std::tanh(x)), -5, 5, 0, 0, false, 5, 5, 0},
    {"tanpi", U(tanpi, std::tan(pi_l* x)), -0.45, 0.45, 0, 0, false, 6, 6, 1e-15},
    {"tgamma", U(tgamma, std::tgamma(x)), 0.1, 10, 0, 0, false, 16, 16, 0},
    {"trunc", U(trunc, std::trunc(x)), -10.5, 10.5, 0, 0, false, 0, 0, 0},
    {"atan2", B(std::atan2(x, y)), -5, 5, -3, 7, true, 6, 6, 0},
    {"copysign", B(std::copysign(x, y)), -5, 5, -3, 7, true, 0, 0, 0},
    {"fdim", B(std::fdim(x, y)), -5, 5, -3, 7, true, 0, 0, 0},
    {"fmax", B(std::fmax(x, y)), -5, 5, -3, 7, true, 0, 0, 0},
    {"fmin", B(std::fmin(x, y)), -5, 5, -3, 7, true, 0, 0, 0},
    {"fmod", B(std::fmod(x, y)), -20, 20, 0.5, 3.5, true, 0, 0, 0},
    {"hypot", B(std::hypot(x, y)), -100, 100, -50, 50, true, 4, 4, 0},
    {"pow", B(std::pow(x, y)), 0.1, 10, -5, 5, true, 16, 16, 0},
    {"remainder", B(std::remainder(x, y)), -20, 20, 0.5, 3.5, true, 0, 0, 0},
};
#undef U
#undef B

// Runs k_<kernel_name> over 1001 points of the case's range and checks every result.
// A bound of 0 ulps means correctly rounded: within half an ulp of the exact value.
template <class Real>
void check_case(const math_case& c, const std::string& kernel_name, double bound) {
  const double ulps = bound < 0.5 ? 0.5 : bound;
  const int n = 1001;
  std::vector<Real> x = spread<Real>(c.lo, c.hi, n);
  std::vector<Real> y = spread<Real>(c.yhi, c.ylo, n);  // reversed, so pairs mix
  std::vector<Real> out(n, static_cast<Real>(poison_float));
  array_view<const Real, 1> xv(n, x), yv(n, y);
  array_view<Real, 1> ov(n, out);
  if (c.binary)
    parallel_for_each(ov.get_extent(), math_kernel<Real>(kernel_name), xv, yv, ov);
  else
    parallel_for_each(ov.get_extent(), math_kernel<Real>(kernel_name), xv, ov);
  ov.synchronize();
  for (int i = 0; i < n; ++i) {
    const long double ref = c.ref(x[i], y[i]);
    const long double err = ulp_error<Real>(out[i], ref);
    const long double abs_err = std::fabs(static_cast<long double>(out[i]) - ref);
    ASSERT_TRUE(err <= ulps || abs_err <= c.abs_floor)
        << kernel_name << "(" << x[i] << (c.binary ? ", " + std::to_string(y[i]) : "")
        << ") = " << out[i] << ", reference " << static_cast<double>(ref) << ": " << err
        << " ulps, bound " << ulps;
  }
}

class PreciseMath : public ::testing::TestWithParam<math_case> {};

TEST_P(PreciseMath, FloatBothSpellingsWithinOpenCLBound) {
  const math_case& c = GetParam();
  const std::string name = std::string("precise_math_") + c.name;
  check_case<float>(c, name, c.ulps_float);
  check_case<float>(c, name + "f", c.ulps_float);
}

TEST_P(PreciseMath, DoubleWithinOpenCLBound) {
  if (!accelerator().get_supports_double_precision()) GTEST_SKIP() << "device has no fp64";
  const math_case& c = GetParam();
  check_case<double>(c, std::string("precise_math_") + c.name, c.ulps_double);
}

INSTANTIATE_TEST_SUITE_P(Functions, PreciseMath, ::testing::ValuesIn(cases),
                         [](const auto& info) { return std::string(info.param.name); });

template <class Real>
void check_predicates() {
  const Real inf = std::numeric_limits<Real>::infinity();
  const Real nan = std::numeric_limits<Real>::quiet_NaN();
  std::vector<Real> x{0,
                      -0.0,
                      1,
                      -2.5,
                      inf,
                      -inf,
                      nan,
                      std::numeric_limits<Real>::max(),
                      std::numeric_limits<Real>::min()};
  const int n = static_cast<int>(x.size());
  array_view<const Real, 1> xv(n, x);
  struct pred {
    const char* name;
    bool (*ref)(Real);
  };
  const pred preds[] = {{"isfinite", [](Real v) { return static_cast<bool>(std::isfinite(v)); }},
                        {"isinf", [](Real v) { return static_cast<bool>(std::isinf(v)); }},
                        {"isnan", [](Real v) { return static_cast<bool>(std::isnan(v)); }},
                        {"isnormal", [](Real v) { return static_cast<bool>(std::isnormal(v)); }},
                        {"signbit", [](Real v) { return static_cast<bool>(std::signbit(v)); }},
                        {"signbitf", [](Real v) { return static_cast<bool>(std::signbit(v)); }}};
  for (const pred& p : preds) {
    std::vector<int> out(n, poison_int);
    array_view<int, 1> ov(n, out);
    parallel_for_each(ov.get_extent(), math_kernel<Real>(std::string("precise_math_") + p.name), xv,
                      ov);
    ov.synchronize();
    for (int i = 0; i < n; ++i) EXPECT_EQ(out[i] != 0, p.ref(x[i])) << p.name << "(" << x[i] << ")";
  }
}

}  // namespace

TEST(PreciseMathClassify, FloatPredicatesOnSpecialValues) {
  check_predicates<float>();
}

TEST(PreciseMathClassify, DoublePredicatesOnSpecialValues) {
  if (!accelerator().get_supports_double_precision()) GTEST_SKIP() << "device has no fp64";
  check_predicates<double>();
}

template <class Real>
void check_out_params(const char* ns, const char* suffix, double sincos_ulps) {
  const int n = 257;
  std::vector<Real> x = spread<Real>(-7.3, 9.1, n), y = spread<Real>(-4, 4, n);
  std::vector<Real> r(6 * n, static_cast<Real>(poison_float));
  std::vector<int> e(4 * n, poison_int);
  array_view<const Real, 1> xv(n, x), yv(n, y);
  array_view<Real, 1> rv(6 * n, r);
  array_view<int, 1> ev(4 * n, e);
  parallel_for_each(extent<1>(n), math_kernel<Real>(std::string(ns) + "_out_params" + suffix), xv,
                    yv, rv, ev);
  rv.synchronize();
  ev.synchronize();
  for (int i = 0; i < n; ++i) {
    int host_e = 0;
    EXPECT_EQ(r[6 * i], std::frexp(x[i], &host_e)) << "frexp " << x[i];
    EXPECT_EQ(e[4 * i], host_e) << "frexp exponent " << x[i];
    Real host_ip = 0;
    EXPECT_EQ(r[6 * i + 1], std::modf(x[i], &host_ip)) << "modf " << x[i];
    EXPECT_EQ(r[6 * i + 2], host_ip) << "modf integral part " << x[i];
    EXPECT_LE(ulp_error<Real>(r[6 * i + 3], std::sin(static_cast<long double>(x[i]))), sincos_ulps)
        << "sincos sine " << x[i];
    EXPECT_LE(ulp_error<Real>(r[6 * i + 4], std::cos(static_cast<long double>(x[i]))), sincos_ulps)
        << "sincos cosine " << x[i];
    EXPECT_EQ(r[6 * i + 5], std::ldexp(x[i], static_cast<int>(y[i]))) << "ldexp " << x[i];
  }
}

TEST(PreciseMathOutParams, FrexpModfSincosLdexpFloat) {
  check_out_params<float>("precise_math", "f", 4);
  check_out_params<float>("precise_math", "", 4);
}

TEST(PreciseMathOutParams, FrexpModfSincosLdexpDouble) {
  if (!accelerator().get_supports_double_precision()) GTEST_SKIP() << "device has no fp64";
  check_out_params<double>("precise_math", "", 4);
}

template <class Real>
void check_int_results() {
  const int n = 101;
  std::vector<Real> x = spread<Real>(-20.25, 19.75, n), y = spread<Real>(3.5, 0.5, n);
  std::vector<Real> r(4 * n, static_cast<Real>(poison_float));
  std::vector<int> q(4 * n, poison_int);
  array_view<const Real, 1> xv(n, x), yv(n, y);
  array_view<Real, 1> rv(4 * n, r);
  array_view<int, 1> qv(4 * n, q);
  parallel_for_each(extent<1>(n), math_kernel<Real>("precise_int_results"), xv, yv, rv, qv);
  rv.synchronize();
  qv.synchronize();
  for (int i = 0; i < n; ++i) {
    int host_q = 0;
    const Real rem = std::remquo(x[i], y[i], &host_q);
    for (int k = 0; k < 2; ++k) {
      EXPECT_EQ(r[4 * i + k], rem) << "remquo " << x[i] << ", " << y[i];
      // The sign and low bits of the quotient: C guarantees 3 on the host, OpenCL 7.
      EXPECT_EQ(q[4 * i + k] < 0, host_q < 0) << "remquo quotient sign " << x[i];
      EXPECT_EQ(std::abs(q[4 * i + k]) % 8, std::abs(host_q) % 8) << "remquo quotient";
    }
    EXPECT_EQ(r[4 * i + 2], std::scalbn(x[i], static_cast<int>(y[i])) + std::scalbn(x[i], 1));
    EXPECT_EQ(r[4 * i + 3], std::ldexp(x[i], static_cast<int>(y[i])) - std::ldexp(x[i], 2));
    const int host_ilogb = x[i] == 0 ? q[4 * i + 2] : std::ilogb(x[i]);  // ilogb(0) is FP_ILOGB0
    EXPECT_EQ(q[4 * i + 2], host_ilogb) << "ilogb " << x[i];
    EXPECT_EQ(q[4 * i + 3], host_ilogb) << "ilogb " << x[i];
  }
}

TEST(PreciseMathIntResults, RemquoScalbnScalbIlogbFloat) {
  check_int_results<float>();
}

TEST(PreciseMathIntResults, RemquoScalbnScalbIlogbDouble) {
  if (!accelerator().get_supports_double_precision()) GTEST_SKIP() << "device has no fp64";
  check_int_results<double>();
}

template <class Real>
void check_fma_and_nan() {
  const int n = 333;
  std::vector<Real> x = spread<Real>(-3.3, 3.7, n), y = spread<Real>(1e3, -1e3, n);
  std::vector<Real> out(2 * n, static_cast<Real>(poison_float));
  array_view<const Real, 1> xv(n, x), yv(n, y);
  array_view<Real, 1> ov(2 * n, out);
  parallel_for_each(extent<1>(n), math_kernel<Real>("precise_fma"), xv, yv, ov);
  ov.synchronize();
  for (int i = 0; i < n; ++i) {
    EXPECT_EQ(out[2 * i], std::fma(x[i], y[i], static_cast<Real>(0.25))) << i;
    EXPECT_EQ(out[2 * i + 1], std::fma(x[i], y[i], -x[i])) << i;
  }
  std::vector<int> nan_out(2, poison_int);
  array_view<int, 1> nv(2, nan_out);
  parallel_for_each(extent<1>(1), math_kernel<Real>("precise_nan"), nv);
  nv.synchronize();
  EXPECT_EQ(nan_out, (std::vector<int>{1, 1}));
}

TEST(PreciseMathFma, FmaCorrectlyRoundedAndNanFloat) {
  check_fma_and_nan<float>();
}

TEST(PreciseMathFma, FmaCorrectlyRoundedAndNanDouble) {
  if (!accelerator().get_supports_double_precision()) GTEST_SKIP() << "device has no fp64";
  check_fma_and_nan<double>();
}
