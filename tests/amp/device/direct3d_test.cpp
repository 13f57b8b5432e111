// The direct3d intrinsics in kernels, against host references written from HLSL's
// definitions: exact for the integer and bit functions, clamp, saturate and step;
// 2 ulps for radians and smoothstep; rcp within 2^-11 relative in float (HLSL's rcp
// is an approximation, OpenCL's native_recip too), 1 ulp in double; mad as below.
//
// mad may round the product before adding (OpenCL allows either), so its bound is
// half an ulp of x y plus half an ulp of the result: where x y + z cancels, ulps of
// the result alone would measure the cancellation, not mad.
#include <amp.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "device_check.h"

using namespace concurrency;

namespace {

constexpr int n = 2048;
constexpr int int_results = 14;
constexpr int float_results = 9;

std::vector<int> interesting_ints() {
  std::vector<int> v = {0,         1, -1, 2, -2, 7, 0x10, 0x50, INT32_MAX, INT32_MIN, INT32_MIN + 1,
                        0x7FFF0000};
  std::uint32_t state = 2024;
  while (static_cast<int>(v.size()) < n)
    v.push_back(static_cast<int>(state = state * 1664525u + 1013904223u));
  return v;
}

int first_bit_high_reference(int x) {
  const std::uint32_t bits = static_cast<std::uint32_t>(x < 0 ? ~x : x);
  for (int b = 31; b >= 0; --b)
    if (bits >> b & 1u) return b;
  return -1;
}
int first_bit_low_reference(int x) {
  for (int b = 0; b < 32; ++b)
    if (static_cast<std::uint32_t>(x) >> b & 1u) return b;
  return -1;
}
std::uint32_t reverse_reference(std::uint32_t x) {
  std::uint32_t r = 0;
  for (int b = 0; b < 32; ++b) r |= (x >> b & 1u) << (31 - b);
  return r;
}
int popcount_reference(std::uint32_t x) {
  int c = 0;
  for (; x; x &= x - 1) ++c;
  return c;
}

// Within the error of x y rounded, then + z rounded: half an ulp of each.
template <class Real>
bool mad_within_bound(Real got, Real x, Real y, Real z) {
  const long double product = static_cast<long double>(x) * y, exact = product + z;
  const long double bound = (amp_check::ulp_of<Real>(product) + amp_check::ulp_of<Real>(exact)) / 2;
  return std::fabs(got - exact) <= bound;
}

void integer_intrinsics() {
  const std::vector<int> x = interesting_ints();
  std::vector<int> y(n);
  for (int i = 0; i < n; ++i) y[i] = x[(i * 7 + 3) % n];
  std::vector<int> out(int_results * n, -99);
  array_view<const int, 1> xv(n, x), yv(n, y);
  array_view<int, 1> ov(int_results * n, out);
  parallel_for_each(
      xv.extent, [=](index<1> idx) restrict(amp) {
        const int i = idx[0], a = xv[idx], b = yv[idx];
        const unsigned int ua = static_cast<unsigned int>(a), ub = static_cast<unsigned int>(b);
        int* r = &ov[int_results * i];
        r[0] = direct3d::abs(a);
        r[1] = direct3d::clamp(a, -1000, 1000);
        r[2] = static_cast<int>(direct3d::countbits(ua));
        r[3] = direct3d::firstbithigh(a);
        r[4] = direct3d::firstbitlow(a);
        r[5] = direct3d::imax(a, b);
        r[6] = direct3d::imin(a, b);
        r[7] = static_cast<int>(direct3d::umax(ua, ub));
        r[8] = static_cast<int>(direct3d::umin(ua, ub));
        r[9] = direct3d::mad(a, b, 12345);
        r[10] = static_cast<int>(direct3d::mad(ua, ub, 54321u));
        r[11] = static_cast<int>(direct3d::reversebits(ua));
        r[12] = direct3d::sign(a);
        r[13] = direct3d::clamp(b, a, a);  // lo == hi
      });
  ov.synchronize();
  for (int i = 0; i < n; ++i) {
    const int a = x[i], b = y[i];
    const std::uint32_t ua = static_cast<std::uint32_t>(a), ub = static_cast<std::uint32_t>(b);
    const int* r = &out[int_results * i];
    AMP_CHECK_EQ(r[0], a == INT32_MIN ? INT32_MIN : std::abs(a));
    AMP_CHECK_EQ(r[1], a < -1000 ? -1000 : a > 1000 ? 1000 : a);
    AMP_CHECK_EQ(r[2], popcount_reference(ua));
    AMP_CHECK_EQ(r[3], first_bit_high_reference(a));
    AMP_CHECK_EQ(r[4], first_bit_low_reference(a));
    AMP_CHECK_EQ(r[5], a > b ? a : b);
    AMP_CHECK_EQ(r[6], a < b ? a : b);
    AMP_CHECK_EQ(static_cast<std::uint32_t>(r[7]), ua > ub ? ua : ub);
    AMP_CHECK_EQ(static_cast<std::uint32_t>(r[8]), ua < ub ? ua : ub);
    AMP_CHECK_EQ(static_cast<std::uint32_t>(r[9]), ua * ub + 12345u);  // wraps
    AMP_CHECK_EQ(static_cast<std::uint32_t>(r[10]), ua * ub + 54321u);
    AMP_CHECK_EQ(static_cast<std::uint32_t>(r[11]), reverse_reference(ua));
    AMP_CHECK_EQ(r[12], a > 0 ? 1 : a < 0 ? -1 : 0);
    AMP_CHECK_EQ(r[13], a);
  }
}

void float_intrinsics() {
  std::vector<float> x = device_check::spread<float>(-3.0, 3.0, n);
  x[0] = std::nanf("");  // saturate and clamp of NaN
  std::vector<float> out(float_results * n, device_check::poison<float>());
  array_view<const float, 1> xv(n, x);
  array_view<float, 1> ov(float_results * n, out);
  parallel_for_each(
      xv.extent, [=](index<1> idx) restrict(amp) {
        const float v = xv[idx];
        float* r = &ov[float_results * idx[0]];
        r[0] = direct3d::clamp(v, -1.5f, 2.0f);
        r[1] = direct3d::saturate(v);
        r[2] = direct3d::radians(v * 60.0f);
        r[3] = direct3d::rcp(v);
        r[4] = direct3d::mad(v, 1.25f, -0.5f);
        r[5] = direct3d::smoothstep(-1.0f, 2.0f, v);
        r[6] = direct3d::step(0.5f, v);
        r[7] = direct3d::step(v, 0.5f);
        r[8] = direct3d::clamp(v, 1.0f, 1.0f);
      });
  ov.synchronize();
  for (int i = 0; i < n; ++i) {
    const float v = x[i];
    const float* r = &out[float_results * i];
    if (std::isnan(v)) {  // HLSL: NaN clamps to the low bound, saturates to 0
      AMP_CHECK(r[0] == -1.5f && r[1] == 0.0f);
      continue;
    }
    AMP_CHECK_EQ(r[0], std::fmin(std::fmax(v, -1.5f), 2.0f));
    AMP_CHECK_EQ(r[1], std::fmin(std::fmax(v, 0.0f), 1.0f));
    const long double pi = 3.141592653589793238462643383279502884L;
    AMP_CHECK(amp_check::ulp_error<float>(r[2], static_cast<long double>(v * 60.0f) * pi / 180) <=
              2);
    if (v != 0) AMP_CHECK(std::fabs(r[3] * static_cast<double>(v) - 1) <= 1.0 / 2048);
    AMP_CHECK(mad_within_bound<float>(r[4], v, 1.25f, -0.5f));
    const long double t = std::fmin(std::fmax((static_cast<long double>(v) + 1) / 3, 0.0L), 1.0L);
    AMP_CHECK(amp_check::ulp_error<float>(r[5], t * t * (3 - 2 * t)) <= 2 ||
              std::fabs(r[5] - t * t * (3 - 2 * t)) <= 1e-7L);
    AMP_CHECK_EQ(r[6], v >= 0.5f ? 1.0f : 0.0f);  // step(y, x): x >= y
    AMP_CHECK_EQ(r[7], 0.5f >= v ? 1.0f : 0.0f);
    AMP_CHECK_EQ(r[8], 1.0f);
  }
}

void double_intrinsics() {
  if (!device_check::device_has_fp64()) return;
  const std::vector<double> x = device_check::spread<double>(-3.0, 3.0, n);
  std::vector<double> out(2 * n, device_check::poison<double>());
  array_view<const double, 1> xv(n, x);
  array_view<double, 1> ov(2 * n, out);
  parallel_for_each(
      xv.extent, [=](index<1> idx) restrict(amp) {
        ov[2 * idx[0]] = direct3d::mad(xv[idx], 1.25, -0.5);
        ov[2 * idx[0] + 1] = direct3d::rcp(xv[idx]);
      });
  ov.synchronize();
  for (int i = 0; i < n; ++i) {
    AMP_CHECK(mad_within_bound<double>(out[2 * i], x[i], 1.25, -0.5));
    if (x[i] != 0)
      AMP_CHECK(amp_check::ulp_error<double>(out[2 * i + 1], 1 / static_cast<long double>(x[i])) <=
                1);
  }
}

}  // namespace

int main() {
  std::printf("direct3d intrinsics on %ls\n", accelerator().description.c_str());
  integer_intrinsics();
  float_intrinsics();
  double_intrinsics();
  return amp_check::finish("direct3d_test");
}
