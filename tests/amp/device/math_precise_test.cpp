// precise_math in kernels: every function of <amp_math.h>'s precise_math, in float
// (both spellings, name and namef) against a long double host reference, and in
// double where the device has fp64. Bounds are OpenCL 1.2's ulp bounds for its
// builtins (section 7.4): 0 where the result is exact, 0.5 where correctly rounded;
// for the functions written in C++ (erfinv, erfcinv, probit) erf's bound, which
// their Newton steps inherit; for phi, erfc's bound plus the x^2 its argument's
// rounding is amplified by (x = 5: 16 + 25 + rounding, 48).
// Functions with output pointers write through pointers to private, global and
// tile_static memory, and all three must agree with the host.
#include <amp.h>
#include <amp_math.h>

#include <cmath>
#include <string>
#include <vector>

#include "device_check.h"

using namespace concurrency;
using device_check::poison;

namespace {

constexpr int n = 257;  // inputs per function
constexpr long double sqrt2_l = 1.414213562373095048801688724209698079L;

long double erfinv_reference(long double y) {
  const long double a = amp_check::inverse_erf_reference(std::fabs(y), 1 - std::fabs(y));
  return y < 0 ? -a : a;
}

// name, reference of x, x range, ulp bound in float and in double, absolute floor
// (where the reference crosses zero and ulps of a tiny value mean nothing).
#define PRECISE_UNARY(X)                                                                       \
  X(acos, std::acos(x), -1, 1, 4, 4, 0)                                                        \
  X(acosh, std::acosh(x), 1, 100, 4, 4, 0)                                                     \
  X(asin, std::asin(x), -1, 1, 4, 4, 0)                                                        \
  X(asinh, std::asinh(x), -50, 50, 4, 4, 0)                                                    \
  X(atan, std::atan(x), -50, 50, 5, 5, 0)                                                      \
  X(atanh, std::atanh(x), -0.99, 0.99, 5, 5, 0)                                                \
  X(cbrt, std::cbrt(x), -1000, 1000, 2, 2, 0)                                                  \
  X(ceil, std::ceil(x), -10.5, 10.5, 0, 0, 0)                                                  \
  X(cos, std::cos(x), -10, 10, 4, 4, 0)                                                        \
  X(cosh, std::cosh(x), -10, 10, 4, 4, 0)                                                      \
  X(cospi, amp_check::cos_pi_reference(x), -4, 4, 4, 4, 1e-15)                                 \
  X(erf, std::erf(x), -4, 4, 16, 16, 0)                                                        \
  X(erfc, std::erfc(x), -2, 8, 16, 16, 0)                                                      \
  X(erfinv, erfinv_reference(x), -0.999, 0.999, 16, 16, 0)                                     \
  X(erfcinv, erfinv_reference(1 - x), 0.001, 1.999, 16, 16, 0)                                 \
  X(exp, std::exp(x), -20, 20, 3, 3, 0)                                                        \
  X(exp10, std::pow(10.0L, x), -10, 10, 3, 3, 0)                                               \
  X(exp2, std::exp2(x), -30, 30, 3, 3, 0)                                                      \
  X(expm1, std::expm1(x), -5, 5, 3, 3, 0)                                                      \
  X(fabs, std::fabs(x), -5, 5, 0, 0, 0)                                                        \
  X(floor, std::floor(x), -10.5, 10.5, 0, 0, 0)                                                \
  X(lgamma, std::lgamma(x), 0.1, 20, 16, 16, 1e-6)                                             \
  X(log, std::log(x), 1e-3, 1e4, 3, 3, 0)                                                      \
  X(log10, std::log10(x), 1e-3, 1e4, 3, 3, 0)                                                  \
  X(log1p, std::log1p(x), -0.9, 100, 2, 2, 0)                                                  \
  X(log2, std::log2(x), 1e-3, 1e4, 3, 3, 0)                                                    \
  X(logb, std::logb(x), 1e-3, 1e6, 0, 0, 0)                                                    \
  X(nearbyint, std::nearbyint(x), -10.5, 10.5, 0, 0, 0)                                        \
  X(phi, 0.5L * std::erfc(-x / sqrt2_l), -5, 5, 48, 48, 0)                                     \
  X(probit, -sqrt2_l* erfinv_reference(1 - 2 * x), 0.001, 0.999, 16, 16, 0)                    \
  X(rcbrt, 1 / std::cbrt(x), 0.01, 1000, 3, 3, 0)                                              \
  X(round, std::round(x), -10.5, 10.5, 0, 0, 0)                                                \
  X(rsqrt, 1 / std::sqrt(x), 1e-3, 1e4, 2, 2, 0)                                               \
  X(sin, std::sin(x), -10, 10, 4, 4, 0)                                                        \
  X(sinh, std::sinh(x), -10, 10, 4, 4, 0)                                                      \
  X(sinpi, amp_check::sin_pi_reference(x), -4, 4, 4, 4, 1e-15)                                 \
  X(sqrt, std::sqrt(x), 0, 1e4, 3, 0.5, 0)                                                     \
  X(tan, std::tan(x), -1.5, 1.5, 5, 5, 0)                                                      \
  X(tanh, std::tanh(x), -5, 5, 5, 5, 0)                                                        \
  X(tanpi, amp_check::sin_pi_reference(x) / amp_check::cos_pi_reference(x), -0.45, 0.45, 6, 6, \
    1e-15)                                                                                     \
  X(tgamma, std::tgamma(x), 0.1, 10, 16, 16, 0)                                                \
  X(trunc, std::trunc(x), -10.5, 10.5, 0, 0, 0)

// name, reference of (x, y), x and y ranges, ulp bound in float and double.
#define PRECISE_BINARY(X)                                     \
  X(atan2, std::atan2(x, y), -5, 5, -3, 7, 6, 6)              \
  X(copysign, std::copysign(x, y), -5, 5, -3, 7, 0, 0)        \
  X(fdim, std::fdim(x, y), -5, 5, -3, 7, 0, 0)                \
  X(fmax, std::fmax(x, y), -5, 5, -3, 7, 0, 0)                \
  X(fmin, std::fmin(x, y), -5, 5, -3, 7, 0, 0)                \
  X(fmod, std::fmod(x, y), -20, 20, 0.5, 3.5, 0, 0)           \
  X(hypot, std::hypot(x, y), -50, 50, -30, 70, 4, 4)          \
  X(pow, std::pow(x, y), 0.1, 10, -3, 3, 16, 16)              \
  X(remainder, std::remainder(x, y), -20, 20, 0.5, 3.5, 0, 0) \
  X(scalb, std::ldexp(x, static_cast<int>(y)), -5, 5, -8, 8, 0, 0)

enum unary_function {
#define AS_ENUM(name, ...) name##_fn,
  PRECISE_UNARY(AS_ENUM)
#undef AS_ENUM
      unary_count
};
enum binary_function {
#define AS_ENUM(name, ...) name##_fn2,
  PRECISE_BINARY(AS_ENUM)
#undef AS_ENUM
      binary_count
};

template <class Real>
Real unary_on_device(int f, Real x) restrict(amp) {
  switch (f) {
#define AS_CASE(name, ...) \
  case name##_fn:          \
    return precise_math::name(x);
    PRECISE_UNARY(AS_CASE)
#undef AS_CASE
  }
  return x;
}
float unary_f_spelling(int f, float x) restrict(amp) {
  switch (f) {
#define AS_CASE(name, ...) \
  case name##_fn:          \
    return precise_math::name##f(x);
    PRECISE_UNARY(AS_CASE)
#undef AS_CASE
  }
  return x;
}
template <class Real>
Real binary_on_device(int f, Real x, Real y) restrict(amp) {
  switch (f) {
#define AS_CASE(name, ...) \
  case name##_fn2:         \
    return precise_math::name(x, y);
    PRECISE_BINARY(AS_CASE)
#undef AS_CASE
  }
  return x;
}
float binary_f_spelling(int f, float x, float y) restrict(amp) {
  switch (f) {
#define AS_CASE(name, ...) \
  case name##_fn2:         \
    return precise_math::name##f(x, y);
    PRECISE_BINARY(AS_CASE)
#undef AS_CASE
  }
  return x;
}

struct unary_case {
  const char* name;
  long double (*ref)(long double);
  double lo, hi, ulps_float, ulps_double;
  long double abs_floor;
};
const unary_case unary_cases[] = {
#define AS_CASE(name, expr, lo, hi, uf, ud, floor) \
  {#name, [](long double x) -> long double { return expr; }, lo, hi, uf, ud, floor},
    PRECISE_UNARY(AS_CASE)
#undef AS_CASE
};
struct binary_case {
  const char* name;
  long double (*ref)(long double, long double);
  double lo, hi, ylo, yhi, ulps_float, ulps_double;
};
const binary_case binary_cases[] = {
#define AS_CASE(name, expr, lo, hi, ylo, yhi, uf, ud)                                \
  {#name, [](long double x, long double y) -> long double { return expr; }, lo, hi, ylo, yhi, uf, \
   ud},
    PRECISE_BINARY(AS_CASE)
#undef AS_CASE
};

template <class Real>
std::string label(const char* name, bool f_spelling) {
  return std::string(name) + (f_spelling ? "f" : sizeof(Real) == 4 ? "(float)" : "(double)");
}

// Every unary function on its range in one kernel (function f on elements
// [f n, (f + 1) n)); float also through the namef spelling.
template <class Real>
void unary_functions() {
  const int total = unary_count * n;
  std::vector<Real> x(total), out(total, poison<Real>()), out_f(total, poison<Real>());
  for (int f = 0; f < unary_count; ++f) {
    const std::vector<Real> v = device_check::spread<Real>(unary_cases[f].lo, unary_cases[f].hi, n);
    std::copy(v.begin(), v.end(), x.begin() + f * n);
  }
  array_view<const Real, 1> xv(total, x);
  array_view<Real, 1> ov(total, out), ov_f(total, out_f);
  const bool is_float = sizeof(Real) == sizeof(float);
  parallel_for_each(
      ov.extent, [=](index<1> i) restrict(amp) {
        const int f = i[0] / n;
        ov[i] = unary_on_device<Real>(f, xv[i]);
        if (is_float) ov_f[i] = static_cast<Real>(unary_f_spelling(f, static_cast<float>(xv[i])));
      });
  ov.synchronize();
  ov_f.synchronize();
  for (int f = 0; f < unary_count; ++f) {
    const unary_case& c = unary_cases[f];
    const double bound = is_float ? c.ulps_float : c.ulps_double;
    device_check::check_results(label<Real>(c.name, false), &out[f * n], &x[f * n], n, c.ref, bound,
                                c.abs_floor);
    if (is_float)
      device_check::check_results(label<Real>(c.name, true), &out_f[f * n], &x[f * n], n, c.ref,
                                  bound, c.abs_floor);
  }
}

template <class Real>
void binary_functions() {
  const int total = binary_count * n;
  std::vector<Real> x(total), y(total), out(total, poison<Real>()), out_f(total, poison<Real>());
  for (int f = 0; f < binary_count; ++f) {
    const binary_case& c = binary_cases[f];
    const std::vector<Real> vx = device_check::spread<Real>(c.lo, c.hi, n);
    const std::vector<Real> vy = device_check::spread<Real>(c.yhi, c.ylo, n);  // y falls as x rises
    std::copy(vx.begin(), vx.end(), x.begin() + f * n);
    std::copy(vy.begin(), vy.end(), y.begin() + f * n);
  }
  for (int i = 0; i < n; ++i)  // scalb's exponent is integral
    y[(scalb_fn2)*n + i] = std::round(y[scalb_fn2 * n + i]);
  array_view<const Real, 1> xv(total, x), yv(total, y);
  array_view<Real, 1> ov(total, out), ov_f(total, out_f);
  const bool is_float = sizeof(Real) == sizeof(float);
  parallel_for_each(
      ov.extent, [=](index<1> i) restrict(amp) {
        const int f = i[0] / n;
        ov[i] = binary_on_device<Real>(f, xv[i], yv[i]);
        if (is_float)
          ov_f[i] = static_cast<Real>(
              binary_f_spelling(f, static_cast<float>(xv[i]), static_cast<float>(yv[i])));
      });
  ov.synchronize();
  ov_f.synchronize();
  for (int f = 0; f < binary_count; ++f) {
    const binary_case& c = binary_cases[f];
    const Real* ys = &y[f * n];
    // The reference of element i: c.ref(x_i, y_i), found by its position.
    const Real* xs = &x[f * n];
    std::vector<long double> want(n);
    for (int i = 0; i < n; ++i) want[i] = c.ref(xs[i], ys[i]);
    const double bound = is_float ? c.ulps_float : c.ulps_double;
    for (const bool f_spelling : {false, true}) {
      if (f_spelling && !is_float) continue;
      const Real* got = f_spelling ? &out_f[f * n] : &out[f * n];
      int failed = 0;
      for (int i = 0; i < n; ++i) {
        const long double err = amp_check::ulp_error<Real>(got[i], want[i]);
        if (err > bound && ++failed <= 3)
          std::fprintf(stderr, "    %s(%.9g, %.9g) = %.17g, reference %.17Lg: %.2Lf ulps\n",
                       label<Real>(c.name, f_spelling).c_str(), double(xs[i]), double(ys[i]),
                       double(got[i]), want[i], err);
      }
      AMP_CHECK(failed == 0);
    }
  }
  std::printf("  %d binary functions checked\n", static_cast<int>(binary_count));
}

// A quiet NaN of the type, through nanf or nan (a float kernel needs no fp64).
float nan_of(int tag, float) restrict(amp) {
  return precise_math::nanf(tag);
}
double nan_of(int tag, double) restrict(amp) {
  return precise_math::nan(tag);
}

// fma, ldexp, scalbn, ilogb, nan, the predicates and fpclassify, on special values
// too.
template <class Real>
void exact_functions() {
  const Real inf = std::numeric_limits<Real>::infinity();
  const std::vector<Real> x = {Real(0),
                               -Real(0),
                               Real(1.5f),
                               Real(-3),
                               Real(1e-3f),
                               Real(1e20f),
                               inf,
                               -inf,
                               std::numeric_limits<Real>::quiet_NaN(),
                               std::numeric_limits<Real>::min()};
  const int count = static_cast<int>(x.size());
  constexpr int results = 5;
  std::vector<Real> out(results * count, poison<Real>());
  std::vector<int> ints(8 * count, -99);
  std::vector<Real> finite(count);  // ilogb's inputs: x where finite and not 0, else 1
  for (int i = 0; i < count; ++i) finite[i] = std::isfinite(x[i]) && x[i] != 0 ? x[i] : Real(1);
  array_view<const Real, 1> xv(count, x), finite_nonzero(count, finite);
  array_view<Real, 1> ov(results * count, out);
  array_view<int, 1> iv(8 * count, ints);
  parallel_for_each(
      xv.extent, [=](index<1> idx) restrict(amp) {
        const int i = idx[0];
        const Real v = xv[idx];
        ov[results * i + 0] = precise_math::fma(v, Real(2), Real(1));
        ov[results * i + 1] = precise_math::ldexp(v, 3);
        ov[results * i + 2] = precise_math::scalbn(v, -2);
        ov[results * i + 3] = precise_math::nextafter(v, Real(0));
        ov[results * i + 4] = nan_of(i, v);
        iv[8 * i + 0] = precise_math::isfinite(v);
        iv[8 * i + 1] = precise_math::isinf(v);
        iv[8 * i + 2] = precise_math::isnan(v);
        iv[8 * i + 3] = precise_math::isnormal(v);
        iv[8 * i + 4] = precise_math::signbit(v);
        iv[8 * i + 5] = precise_math::fpclassify(v);
        iv[8 * i + 6] = precise_math::ilogb(finite_nonzero[idx]);
      });
  ov.synchronize();
  iv.synchronize();
  for (int i = 0; i < count; ++i) {
    const Real v = x[i];
    const Real* o = &out[results * i];
    const int* r = &ints[8 * i];
    AMP_CHECK(o[0] == std::fma(v, Real(2), Real(1)) || (std::isnan(o[0]) && std::isnan(v)));
    AMP_CHECK(o[1] == std::ldexp(v, 3) || (std::isnan(o[1]) && std::isnan(v)));
    AMP_CHECK(o[2] == std::scalbn(v, -2) || (std::isnan(o[2]) && std::isnan(v)));
    AMP_CHECK(o[3] == std::nextafter(v, Real(0)) || (std::isnan(o[3]) && std::isnan(v)));
    AMP_CHECK(std::isnan(o[4]));
    AMP_CHECK((r[0] != 0) == std::isfinite(v));
    AMP_CHECK((r[1] != 0) == std::isinf(v));
    AMP_CHECK((r[2] != 0) == std::isnan(v));
    AMP_CHECK((r[3] != 0) == std::isnormal(v));
    AMP_CHECK((r[4] != 0) == std::signbit(v));
    if (!AMP_CHECK(r[5] == std::fpclassify(v)))
      std::fprintf(stderr, "    fpclassify(%g) = %d, host %d\n", double(v), r[5],
                   std::fpclassify(v));
    AMP_CHECK(r[6] == std::ilogb(finite[i]));
  }
}

// frexp, modf, remquo, sincos and lgamma's sign write through pointers to private,
// global (an array_view's element) and tile_static memory.
constexpr int tile_size = 64;

template <class Real>
void output_pointers() {
  const int count = 4 * tile_size;
  const std::vector<Real> x = device_check::spread<Real>(-7.3, 9.1, count);
  std::vector<Real> out(9 * count, poison<Real>());
  std::vector<int> ints(9 * count, -99), global_ints(3 * count, -99);
  std::vector<Real> global_reals(3 * count, poison<Real>());
  array_view<const Real, 1> xv(count, x);
  array_view<Real, 1> ov(9 * count, out), gr(3 * count, global_reals);
  array_view<int, 1> iv(9 * count, ints), gi(3 * count, global_ints);
  parallel_for_each(
      xv.extent.template tile<tile_size>(), [=](tiled_index<tile_size> t) restrict(amp) {
        tile_static int local_ints[3][tile_size];
        tile_static Real local_reals[3][tile_size];
        const int i = t.global[0], l = t.local[0];
        const Real v = xv[i];
        int e;
        Real integral, s, c;
        // private
        ov[9 * i + 0] = precise_math::frexp(v, &e);
        iv[9 * i + 0] = e;
        ov[9 * i + 1] = precise_math::modf(v, &integral);
        ov[9 * i + 2] = integral;
        ov[9 * i + 3] = precise_math::remquo(v, Real(1.75f), &e);
        iv[9 * i + 1] = e;
        precise_math::sincos(v, &s, &c);
        ov[9 * i + 4] = s;
        ov[9 * i + 5] = c;
        ov[9 * i + 6] = precise_math::lgamma(v, &e);
        iv[9 * i + 2] = e;
        // global
        ov[9 * i + 7] = precise_math::frexp(v, &gi[3 * i + 0]);
        precise_math::modf(v, &gr[3 * i + 0]);
        precise_math::remquo(v, Real(1.75f), &gi[3 * i + 1]);
        precise_math::sincos(v, &gr[3 * i + 1], &gr[3 * i + 2]);
        precise_math::lgamma(v, &gi[3 * i + 2]);
        // tile_static
        ov[9 * i + 8] = precise_math::frexp(v, &local_ints[0][l]);
        precise_math::remquo(v, Real(1.75f), &local_ints[1][l]);
        precise_math::lgamma(v, &local_ints[2][l]);
        precise_math::modf(v, &local_reals[0][l]);
        precise_math::sincos(v, &local_reals[1][l], &local_reals[2][l]);
        iv[9 * i + 3] = local_ints[0][l];
        iv[9 * i + 4] = local_ints[1][l];
        iv[9 * i + 5] = local_ints[2][l];
        iv[9 * i + 6] = local_reals[0][l] == integral;
        iv[9 * i + 7] = local_reals[1][l] == s;
        iv[9 * i + 8] = local_reals[2][l] == c;
      });
  ov.synchronize();
  iv.synchronize();
  gr.synchronize();
  gi.synchronize();
  for (int i = 0; i < count; ++i) {
    const Real v = x[i];
    const Real* o = &out[9 * i];
    const int* r = &ints[9 * i];
    int e = 0, q = 0, sign = 0;
    Real integral = 0;
    AMP_CHECK(o[0] == std::frexp(v, &e) && r[0] == e);
    AMP_CHECK(o[1] == std::modf(v, &integral) && o[2] == integral);
    const Real rem = std::remquo(v, Real(1.75f), &q);
    AMP_CHECK(o[3] == rem && (r[1] & 7) == (q & 7) && (r[1] < 0) == (q < 0));  // low 3 bits
    AMP_CHECK(amp_check::ulp_error<Real>(o[4], std::sin(static_cast<long double>(v))) <= 4);
    AMP_CHECK(amp_check::ulp_error<Real>(o[5], std::cos(static_cast<long double>(v))) <= 4);
    const long double lg = lgammal_r(v, &sign);
    AMP_CHECK(amp_check::ulp_error<Real>(o[6], lg) <= 16 || std::fabs(o[6] - lg) <= 1e-6L);
    AMP_CHECK(r[2] == sign || v == std::floor(v));  // gamma's poles have no sign
    // The global and tile_static pointers received what the private ones did.
    AMP_CHECK(o[7] == o[0] && global_ints[3 * i] == r[0] && o[8] == o[0] && r[3] == r[0]);
    AMP_CHECK(global_reals[3 * i] == o[2] && global_reals[3 * i + 1] == o[4] &&
              global_reals[3 * i + 2] == o[5]);
    AMP_CHECK(global_ints[3 * i + 1] == r[1] && r[4] == r[1]);
    AMP_CHECK(global_ints[3 * i + 2] == r[2] && r[5] == r[2]);
    AMP_CHECK(r[6] == 1 && r[7] == 1 && r[8] == 1);
  }
}

template <class Real>
void all() {
  std::printf("%s:\n", sizeof(Real) == 4 ? "float" : "double");
  unary_functions<Real>();
  binary_functions<Real>();
  exact_functions<Real>();
  output_pointers<Real>();
}

}  // namespace

int main() {
  std::printf("precise_math on %ls\n", accelerator().description.c_str());
  all<float>();
  if (device_check::device_has_fp64()) all<double>();
  return amp_check::finish("math_precise_test");
}
