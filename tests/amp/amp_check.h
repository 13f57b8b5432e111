// The checks of tests/amp's programs. They are C++ AMP programs as users write them
// (compiled by ampcl-c++ or, for host-only ones, its host pass), so no GoogleTest:
// each failed check prints its file, line and values, and main returns
// amp_check::finish(), which fails the program when any check failed.
#pragma once

#include <cmath>
#include <cstdio>
#include <limits>

namespace amp_check {

inline int& failures() {
  static int count = 0;
  return count;
}

inline bool record(bool ok, const char* file, int line, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "%s:%d: check failed: %s\n", file, line, what);
    ++failures();
  }
  return ok;
}

// The program's exit status: 0 when every check passed.
inline int finish(const char* name) {
  if (failures() != 0) {
    std::fprintf(stderr, "%s: %d checks failed\n", name, failures());
    return 1;
  }
  std::printf("%s: every check passed\n", name);
  return 0;
}

// Size of one unit in the last place of `ref` rounded to Real (OpenCL's measure):
// results below the smallest normal are measured in units of the smallest
// normal's ulp, as devices may flush denormals.
template <class Real>
long double ulp_of(long double ref) {
  Real r = static_cast<Real>(std::fabs(ref));
  if (r < std::numeric_limits<Real>::min()) r = std::numeric_limits<Real>::min();
  if (std::isinf(r)) r = std::numeric_limits<Real>::max();
  return static_cast<long double>(std::nextafter(r, std::numeric_limits<Real>::infinity())) -
         static_cast<long double>(r);
}

// Error of `got` against `ref` in ulps; 0 when both are the same infinity or NaN.
template <class Real>
long double ulp_error(Real got, long double ref) {
  if (std::isnan(ref)) return std::isnan(got) ? 0 : 1e30L;
  if (std::isinf(ref))
    return (std::isinf(got) && std::signbit(got) == std::signbit(ref)) ? 0 : 1e30L;
  return std::fabs(static_cast<long double>(got) - ref) / ulp_of<Real>(ref);
}

// x in [0, inf) with erf(x) = y, where c = 1 - y is given exactly: bisection in
// long double, the reference for the inverse error functions.
inline long double inverse_erf_reference(long double y, long double c) {
  if (y == 0) return 0;
  long double lo = 0, hi = 30;
  for (int i = 0; i < 200; ++i) {
    const long double mid = (lo + hi) / 2;
    const bool below = y < 0.5L ? std::erf(mid) < y : std::erfc(mid) > c;
    (below ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

// cos(pi x) and sin(pi x) in long double, exact where they are 0 or +-1 (x a
// multiple of 1/2), where long double's pi would leave a residue.
inline long double cos_pi_reference(long double x) {
  const long double twice = 2 * x;
  if (twice == std::nearbyint(twice)) {
    const long long k = static_cast<long long>(twice);
    return k % 2 != 0 ? 0.0L : (k / 2) % 2 == 0 ? 1.0L : -1.0L;
  }
  return std::cos(3.141592653589793238462643383279502884L * x);
}
inline long double sin_pi_reference(long double x) {
  return cos_pi_reference(x - 0.5L);
}

}  // namespace amp_check

#define AMP_CHECK(cond) amp_check::record((cond), __FILE__, __LINE__, #cond)
// A check that prints both values when they differ.
#define AMP_CHECK_EQ(a, b)                                                                  \
  do {                                                                                      \
    const auto amp_check_a = (a);                                                           \
    const auto amp_check_b = (b);                                                           \
    if (!amp_check::record(amp_check_a == amp_check_b, __FILE__, __LINE__, #a " == " #b))   \
      std::fprintf(stderr, "    %.17Lg != %.17Lg\n", static_cast<long double>(amp_check_a), \
                   static_cast<long double>(amp_check_b));                                  \
  } while (0)
