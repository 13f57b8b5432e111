// fast_math in kernels: every function of <amp_math.h>'s fast_math (float only),
// both spellings, against a double host reference. native_* precision is the
// implementation's, so the bound is C++ AMP's fast_math contract as ampcl states
// it for its prelude (tests/core/math_fast_test.cpp): 2^-11 absolute where
// |reference| <= 1, 2^-11 relative above. Predicates, frexp, modf, ldexp and sincos
// are checked exactly (sincos within the bound), through private, global and
// tile_static pointers.
#include <amp.h>
#include <amp_math.h>

#include <cmath>
#include <string>
#include <vector>

#include "device_check.h"

using namespace concurrency;
using device_check::poison;

namespace {

constexpr int n = 1001;
constexpr double fast_bound = 1.0 / 2048;

bool within_fast_bound(float got, double ref) {
  return std::fabs(static_cast<double>(got) - ref) <= fast_bound * std::fmax(1.0, std::fabs(ref));
}

// name, reference of x (and y), x range, y range (binary functions).
#define FAST_UNARY(X)                    \
  X(acos, std::acos(x), -1, 1)           \
  X(asin, std::asin(x), -1, 1)           \
  X(atan, std::atan(x), -50, 50)         \
  X(ceil, std::ceil(x), -10.5, 10.5)     \
  X(cos, std::cos(x), -3.14159, 3.14159) \
  X(cosh, std::cosh(x), -5, 5)           \
  X(exp, std::exp(x), -10, 10)           \
  X(exp2, std::exp2(x), -10, 10)         \
  X(fabs, std::fabs(x), -5, 5)           \
  X(floor, std::floor(x), -10.5, 10.5)   \
  X(log, std::log(x), 0.01, 1000)        \
  X(log10, std::log10(x), 0.01, 1000)    \
  X(log2, std::log2(x), 0.01, 1000)      \
  X(round, std::round(x), -10.5, 10.5)   \
  X(rsqrt, 1 / std::sqrt(x), 0.01, 1e4)  \
  X(sin, std::sin(x), -3.14159, 3.14159) \
  X(sinh, std::sinh(x), -5, 5)           \
  X(sqrt, std::sqrt(x), 0, 1e4)          \
  X(tan, std::tan(x), -1.2, 1.2)         \
  X(tanh, std::tanh(x), -5, 5)           \
  X(trunc, std::trunc(x), -10.5, 10.5)
#define FAST_BINARY(X)                        \
  X(atan2, std::atan2(x, y), -5, 5, -3, 7)    \
  X(fmax, std::fmax(x, y), -5, 5, -3, 7)      \
  X(fmin, std::fmin(x, y), -5, 5, -3, 7)      \
  X(fmod, std::fmod(x, y), -20, 20, 0.5, 3.5) \
  X(pow, std::pow(x, y), 0.1, 10, -3, 3) /* x > 0 */

enum unary_function {
#define AS_ENUM(name, ...) name##_fn,
  FAST_UNARY(AS_ENUM)
#undef AS_ENUM
      unary_count
};
enum binary_function {
#define AS_ENUM(name, ...) name##_fn2,
  FAST_BINARY(AS_ENUM)
#undef AS_ENUM
      binary_count
};

// Both spellings of function f: name(x) when f_spelling is false, namef(x) else.
float unary_on_device(int f, bool f_spelling, float x) restrict(amp) {
  switch (f) {
#define AS_CASE(name, ...) \
  case name##_fn:          \
    return f_spelling ? fast_math::name##f(x) : fast_math::name(x);
    FAST_UNARY(AS_CASE)
#undef AS_CASE
  }
  return x;
}
float binary_on_device(int f, bool f_spelling, float x, float y) restrict(amp) {
  switch (f) {
#define AS_CASE(name, ...) \
  case name##_fn2:         \
    return f_spelling ? fast_math::name##f(x, y) : fast_math::name(x, y);
    FAST_BINARY(AS_CASE)
#undef AS_CASE
  }
  return x;
}

struct fast_case {
  const char* name;
  double (*ref)(double x, double y);
  double lo, hi, ylo, yhi;
};
const fast_case unary_cases[] = {
#define AS_CASE(name, expr, lo, hi) \
  {#name, [](double x, double) -> double { return expr; }, lo, hi, 0, 0},
    FAST_UNARY(AS_CASE)
#undef AS_CASE
};
const fast_case binary_cases[] = {
#define AS_CASE(name, expr, lo, hi, ylo, yhi) \
  {#name, [](double x, double y) -> double { return expr; }, lo, hi, ylo, yhi},
    FAST_BINARY(AS_CASE)
#undef AS_CASE
};

// Function f on elements [f n, (f + 1) n), in both spellings (out and out_f).
void functions(const fast_case* cases, int count, bool binary) {
  const int total = count * n;
  std::vector<float> x(total), y(total), out(total, poison<float>()), out_f(total, poison<float>());
  for (int f = 0; f < count; ++f) {
    const std::vector<float> vx = device_check::spread<float>(cases[f].lo, cases[f].hi, n);
    const std::vector<float> vy = device_check::spread<float>(cases[f].yhi, cases[f].ylo, n);
    std::copy(vx.begin(), vx.end(), x.begin() + f * n);
    std::copy(vy.begin(), vy.end(), y.begin() + f * n);
  }
  array_view<const float, 1> xv(total, x), yv(total, y);
  array_view<float, 1> ov(total, out), ov_f(total, out_f);
  parallel_for_each(
      ov.extent, [=](index<1> i) restrict(amp) {
        const int f = i[0] / n;
        ov[i] =
            binary ? binary_on_device(f, false, xv[i], yv[i]) : unary_on_device(f, false, xv[i]);
        ov_f[i] =
            binary ? binary_on_device(f, true, xv[i], yv[i]) : unary_on_device(f, true, xv[i]);
      });
  ov.synchronize();
  ov_f.synchronize();
  for (int f = 0; f < count; ++f) {
    for (const bool f_spelling : {false, true}) {
      const std::string name = std::string(cases[f].name) + (f_spelling ? "f" : "");
      const float* got = f_spelling ? &out_f[f * n] : &out[f * n];
      int failed = 0;
      for (int i = f * n; i < (f + 1) * n; ++i) {
        const double ref = cases[f].ref(x[i], y[i]);
        if (!within_fast_bound(got[i - f * n], ref) && ++failed <= 3)
          std::fprintf(stderr, "    fast_math::%s(%.9g%s) = %.9g, reference %.9g\n", name.c_str(),
                       x[i], binary ? (", " + std::to_string(y[i])).c_str() : "", got[i - f * n],
                       ref);
      }
      if (!AMP_CHECK(failed == 0))
        std::fprintf(stderr, "    %s: %d out of bound\n", name.c_str(), failed);
    }
  }
  std::printf("  %d %s functions checked in both spellings\n", count, binary ? "binary" : "unary");
}

void predicates() {
  const float inf = std::numeric_limits<float>::infinity();
  const std::vector<float> x = {0.f, -0.f, 1.f, -2.5f, inf, -inf, std::nanf(""), 1e-30f};
  const int count = static_cast<int>(x.size());
  std::vector<int> out(5 * count, -99);
  array_view<const float, 1> xv(count, x);
  array_view<int, 1> ov(5 * count, out);
  parallel_for_each(
      xv.extent, [=](index<1> idx) restrict(amp) {
        const int i = idx[0];
        ov[5 * i + 0] = fast_math::isfinite(xv[idx]);
        ov[5 * i + 1] = fast_math::isinf(xv[idx]);
        ov[5 * i + 2] = fast_math::isnan(xv[idx]);
        ov[5 * i + 3] = fast_math::signbit(xv[idx]);
        ov[5 * i + 4] = fast_math::signbitf(xv[idx]);
      });
  ov.synchronize();
  for (int i = 0; i < count; ++i) {
    AMP_CHECK((out[5 * i] != 0) == std::isfinite(x[i]));
    AMP_CHECK((out[5 * i + 1] != 0) == std::isinf(x[i]));
    AMP_CHECK((out[5 * i + 2] != 0) == std::isnan(x[i]));
    AMP_CHECK((out[5 * i + 3] != 0) == std::signbit(x[i]));
    AMP_CHECK((out[5 * i + 4] != 0) == std::signbit(x[i]));
  }
}

constexpr int tile_size = 64;

// frexp and modf into private, global and tile_static memory, ldexp and sincos.
void output_pointers() {
  const int count = 2 * tile_size;
  const std::vector<float> x = device_check::spread<float>(-3.1, 3.1, count);
  std::vector<float> out(7 * count, poison<float>()), global_integral(count, poison<float>());
  std::vector<int> exps(3 * count, -99), global_exp(count, -99);
  array_view<const float, 1> xv(count, x);
  array_view<float, 1> ov(7 * count, out), gf(count, global_integral);
  array_view<int, 1> ev(3 * count, exps), ge(count, global_exp);
  parallel_for_each(
      xv.extent.tile<tile_size>(), [=](tiled_index<tile_size> t) restrict(amp) {
        tile_static int local_exp[tile_size];
        tile_static float local_integral[tile_size];
        const int i = t.global[0], l = t.local[0];
        const float v = xv[i];
        int e;
        float integral;
        ov[7 * i + 0] = fast_math::frexp(v, &e);
        ev[3 * i + 0] = e;
        ov[7 * i + 1] = fast_math::frexpf(v, &ge[i]);
        ov[7 * i + 2] = fast_math::frexp(v, &local_exp[l]);
        ev[3 * i + 1] = local_exp[l];
        ov[7 * i + 3] = fast_math::modf(v, &integral);
        fast_math::modff(v, &gf[i]);
        fast_math::modf(v, &local_integral[l]);
        ov[7 * i + 4] = integral - local_integral[l];  // 0 when they agree
        float s, c;
        fast_math::sincos(v, &s, &c);
        ov[7 * i + 5] = s;
        ov[7 * i + 6] = c;
        ev[3 * i + 2] = static_cast<int>(fast_math::ldexp(v, 4) * 16.0f);  // v * 256, truncated
      });
  ov.synchronize();
  ev.synchronize();
  gf.synchronize();
  ge.synchronize();
  for (int i = 0; i < count; ++i) {
    int e = 0;
    float integral = 0;
    const float mantissa = std::frexp(x[i], &e);
    const float fraction = std::modf(x[i], &integral);
    AMP_CHECK(out[7 * i] == mantissa && exps[3 * i] == e);
    AMP_CHECK(out[7 * i + 1] == mantissa && global_exp[i] == e);
    AMP_CHECK(out[7 * i + 2] == mantissa && exps[3 * i + 1] == e);
    AMP_CHECK(out[7 * i + 3] == fraction && global_integral[i] == integral);
    AMP_CHECK(out[7 * i + 4] == 0);
    AMP_CHECK(within_fast_bound(out[7 * i + 5], std::sin(double(x[i]))));
    AMP_CHECK(within_fast_bound(out[7 * i + 6], std::cos(double(x[i]))));
    AMP_CHECK(exps[3 * i + 2] == static_cast<int>(std::ldexp(x[i], 4) * 16.0f));
  }
}

}  // namespace

int main() {
  std::printf("fast_math on %ls\n", accelerator().description.c_str());
  functions(unary_cases, unary_count, false);
  functions(binary_cases, binary_count, true);
  predicates();
  output_pointers();
  return amp_check::finish("math_fast_test");
}
