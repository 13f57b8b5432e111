// <amp_math.h> and the direct3d intrinsics on the host: the C library's functions
// under both namespaces (never ambiguous), ampcl's host versions of what C lacks,
// and the C++ algorithms the device versions of erfinv, erfcinv, probit,
// fpclassify and the bit intrinsics run (math_special.h, direct3d.h), against
// long double references with stated ulp bounds.
#include <amp_math.h>
#include <ampcl/concurrency/direct3d.h>

#include <cfloat>
#include <cstdint>
#include <limits>
#include <vector>

#include "amp_check.h"

using namespace concurrency;

namespace {

// Unqualified calls with every namespace in sight resolve to one function each:
// the names are the C library's, imported, not redeclared.
void host_names_are_the_c_librarys() {
  using namespace concurrency::fast_math;
  using namespace concurrency::precise_math;
  using namespace std;
  AMP_CHECK_EQ(sqrt(2.0), ::sqrt(2.0));
  AMP_CHECK_EQ(sqrtf(2.0f), ::sqrtf(2.0f));
  AMP_CHECK_EQ(pow(2.0f, 10.0f), 1024.0f);
  AMP_CHECK_EQ(rsqrt(4.0), 0.5);
  AMP_CHECK_EQ(rsqrtf(0.25f), 2.0f);
  int e = 0;
  AMP_CHECK_EQ(frexp(48.0, &e), 0.75);
  AMP_CHECK_EQ(e, 6);
  AMP_CHECK(isnan(fast_math::isnan(1.0f) ? 0.0 : ::nan("")));
  AMP_CHECK_EQ(concurrency::fast_math::log10(1000.0f), 3.0f);
  AMP_CHECK_EQ(concurrency::precise_math::exp10(2.0), 100.0);
  AMP_CHECK_EQ(concurrency::precise_math::scalb(3.0, 2.0), 12.0);
  AMP_CHECK_EQ(concurrency::precise_math::fpclassify(0.0f), FP_ZERO);
}

template <class Real>
void check_within(const char* name, Real got, long double ref, long double ulps, Real x) {
  const long double err = amp_check::ulp_error<Real>(got, ref);
  if (!AMP_CHECK(err <= ulps))
    std::fprintf(stderr, "    %s(%.17Lg) = %.17Lg, reference %.17Lg: %.2Lf ulps > %.1Lf\n", name,
                 static_cast<long double>(x), static_cast<long double>(got), ref, err, ulps);
}

// erfinv over (-1, 1), densely near +-1 where c = 1 - |y| keeps the digits; erfcinv
// over (0, 2) down to the smallest normal; probit through erfcinv.
template <class Real>
void inverse_error_functions(long double ulps) {
  for (int i = -999; i <= 999; ++i) {
    const Real y = static_cast<Real>(i / 1000.0L);
    const long double a =
        amp_check::inverse_erf_reference(std::fabs(y), 1 - std::fabs(static_cast<long double>(y)));
    check_within<Real>("erfinv", __ampcl::erfinv(y), y < 0 ? -a : a, ulps, y);
  }
  for (int k = 1; k < -std::numeric_limits<Real>::min_exponent; ++k) {
    for (int j = 0; j < 8; ++j) {
      const Real z = std::ldexp(Real(1) + Real(j) / 8, -k);
      const long double tail = amp_check::inverse_erf_reference(1 - static_cast<long double>(z), z);
      check_within<Real>("erfcinv", __ampcl::erfcinv(z), tail, ulps, z);
      const Real near_two = Real(2) - z;  // rounded: its distance to 2 is 2 - near_two
      const long double c = 2 - static_cast<long double>(near_two);
      if (c > 0)
        check_within<Real>("erfcinv", __ampcl::erfcinv(near_two),
                           -amp_check::inverse_erf_reference(1 - c, c), ulps, near_two);
      if (k > 1) {
        const long double q = amp_check::inverse_erf_reference(1 - 2 * static_cast<long double>(z),
                                                               2 * static_cast<long double>(z));
        check_within<Real>("probit", __ampcl::probit(z), -std::sqrt(2.0L) * q, ulps, z);
      }
    }
  }
  const Real inf = std::numeric_limits<Real>::infinity();
  AMP_CHECK(__ampcl::erfinv(Real(1)) == inf && __ampcl::erfinv(Real(-1)) == -inf);
  AMP_CHECK(std::isnan(__ampcl::erfinv(Real(1.5f))) && std::isnan(__ampcl::erfinv(-inf)));
  AMP_CHECK(std::isnan(__ampcl::erfinv(std::numeric_limits<Real>::quiet_NaN())));
  AMP_CHECK(__ampcl::erfinv(Real(-0.0f)) == 0 && std::signbit(__ampcl::erfinv(Real(-0.0f))));
  AMP_CHECK(__ampcl::erfcinv(Real(0)) == inf && __ampcl::erfcinv(Real(2)) == -inf);
  AMP_CHECK(__ampcl::erfcinv(Real(1)) == 0);
  AMP_CHECK(std::isnan(__ampcl::erfcinv(Real(-0.5f))) && std::isnan(__ampcl::erfcinv(Real(3))));
  AMP_CHECK(__ampcl::probit(Real(0)) == -inf && __ampcl::probit(Real(1)) == inf);
  AMP_CHECK(__ampcl::probit(Real(0.5f)) == 0);
}

template <class Real>
void classification() {
  const Real values[] = {Real(0),
                         -Real(0),
                         Real(1.5f),
                         -Real(3),
                         std::numeric_limits<Real>::min(),
                         std::numeric_limits<Real>::denorm_min(),
                         -std::numeric_limits<Real>::min() / 4,
                         std::numeric_limits<Real>::max(),
                         std::numeric_limits<Real>::infinity(),
                         -std::numeric_limits<Real>::infinity(),
                         std::numeric_limits<Real>::quiet_NaN()};
  for (const Real v : values) AMP_CHECK_EQ(__ampcl::fpclassify(v), std::fpclassify(v));
}

// The host versions ampcl adds, against long double references.
void host_versions_of_what_c_lacks() {
  for (int i = -400; i <= 400; ++i) {
    const double x = i / 50.0;  // multiples of 1/50, half-integers among them
    const float xf = static_cast<float>(x);
    check_within<double>("cospi", precise_math::cospi(x), amp_check::cos_pi_reference(x), 2, x);
    check_within<double>("sinpi", precise_math::sinpi(x), amp_check::sin_pi_reference(x), 2, x);
    check_within<float>("cospif", precise_math::cospif(xf), amp_check::cos_pi_reference(xf), 1, xf);
    check_within<float>("sinpif", precise_math::sinpif(xf), amp_check::sin_pi_reference(xf), 1, xf);
    if (amp_check::cos_pi_reference(x) != 0)
      check_within<double>("tanpi", precise_math::tanpi(x),
                           amp_check::sin_pi_reference(x) / amp_check::cos_pi_reference(x), 4, x);
    check_within<double>("phi", precise_math::phi(x), 0.5L * std::erfc(-x / std::sqrt(2.0L)), 4, x);
    if (x > 0) {
      const long double xl = x;
      check_within<double>("rsqrt", precise_math::rsqrt(x), 1 / std::sqrt(xl), 2, x);
      check_within<double>("rcbrt", precise_math::rcbrt(x), 1 / std::cbrt(xl), 2, x);
    }
  }
  AMP_CHECK(precise_math::cospi(0.5) == 0 && precise_math::sinpi(1.0) == 0);
  AMP_CHECK(precise_math::cospi(1.0) == -1 && precise_math::sinpi(-0.5) == -1);

  int sign = 0;
  check_within<double>("lgamma", precise_math::lgamma(-0.5, &sign), std::lgamma(-0.5L), 2, -0.5);
  AMP_CHECK_EQ(sign, -1);  // gamma(-0.5) = -2 sqrt(pi)
  precise_math::lgammaf(3.5f, &sign);
  AMP_CHECK_EQ(sign, 1);

  // nan(tag) puts the tag in the significand, as C's nan("tag").
  const double n = precise_math::nan(5);
  std::uint64_t bits = 0;
  __builtin_memcpy(&bits, &n, sizeof bits);
  AMP_CHECK(std::isnan(n));
  AMP_CHECK_EQ(bits & 0xFFFF, 5u);
  AMP_CHECK(std::isnan(precise_math::nanf(0)));
  AMP_CHECK_EQ(precise_math::signbitf(-0.0f), 1);
  AMP_CHECK_EQ(fast_math::signbitf(2.0f), 0);
}

// The bit intrinsics' algorithms against bit-by-bit loops.
int naive_first_bit_high(int x) {
  const unsigned int bits = static_cast<unsigned int>(x < 0 ? ~x : x);
  for (int b = 31; b >= 0; --b)
    if (bits >> b & 1u) return b;
  return -1;
}
int naive_first_bit_low(int x) {
  for (int b = 0; b < 32; ++b)
    if (static_cast<unsigned int>(x) >> b & 1u) return b;
  return -1;
}
unsigned int naive_reverse(unsigned int x) {
  unsigned int r = 0;
  for (int b = 0; b < 32; ++b) r |= (x >> b & 1u) << (31 - b);
  return r;
}

void bit_intrinsics() {
  std::uint32_t state = 12345;
  std::vector<std::uint32_t> values = {
      0u, 1u, 2u, 3u, 0x80000000u, 0x7FFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFEu, 0x00010000u, 0xF0F0F0F0u};
  for (int i = 0; i < 2000; ++i) values.push_back(state = state * 1664525u + 1013904223u);
  for (const std::uint32_t u : values) {
    const int s = static_cast<int>(u);
    AMP_CHECK_EQ(__ampcl::first_bit_high(s), naive_first_bit_high(s));
    AMP_CHECK_EQ(__ampcl::first_bit_low(s), naive_first_bit_low(s));
    AMP_CHECK_EQ(__ampcl::reverse_bits(u), naive_reverse(u));
  }
  AMP_CHECK_EQ(__ampcl::first_bit_high(-1), -1);  // no bit differs from the sign bit
  AMP_CHECK_EQ(__ampcl::first_bit_high(-2), 0);
  AMP_CHECK_EQ(__ampcl::first_bit_high(0x10), 4);
  AMP_CHECK_EQ(__ampcl::first_bit_low(0x50), 4);
}

}  // namespace

int main() {
  host_names_are_the_c_librarys();
  inverse_error_functions<float>(2);
  inverse_error_functions<double>(2);
  classification<float>();
  classification<double>();
  host_versions_of_what_c_lacks();
  bit_intrinsics();
  return amp_check::finish("math_test");
}
