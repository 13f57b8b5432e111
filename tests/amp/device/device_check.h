// Shared by tests/amp/device: inputs spread over a range, poison for outputs, and
// the comparison of a kernel's results with host references at an ulp bound.
#pragma once

#include <amp.h>

#include <string>
#include <vector>

#include "../amp_check.h"

namespace device_check {

// A value no tested function returns for the tested inputs: a result still equal to
// it was never written.
template <class Real>
Real poison() {
  return static_cast<Real>(-1234567.0);
}

// `count` values spread over [lo, hi], endpoints included, as Real.
template <class Real>
std::vector<Real> spread(double lo, double hi, int count) {
  std::vector<Real> v(count);
  for (int i = 0; i < count; ++i) v[i] = static_cast<Real>(lo + (hi - lo) * i / (count - 1));
  return v;
}

// Checks got[i] against ref(x[i]) within `ulps` (plus `abs_floor` where the reference
// crosses zero); prints the worst case and at most a few failures per function.
template <class Real, class Ref>
void check_results(const std::string& name, const Real* got, const Real* x, int count, Ref ref,
                   double ulps, long double abs_floor = 0) {
  long double worst = 0;
  int failed = 0;
  for (int i = 0; i < count; ++i) {
    const long double want = ref(static_cast<long double>(x[i]));
    const long double err = amp_check::ulp_error<Real>(got[i], want);
    const bool ok = err <= ulps || std::fabs(static_cast<long double>(got[i]) - want) <= abs_floor;
    if (!ok && ++failed <= 3)
      std::fprintf(stderr, "    %s(%.9Lg) = %.17Lg, reference %.17Lg: %.2Lf ulps > %.1f\n",
                   name.c_str(), static_cast<long double>(x[i]), static_cast<long double>(got[i]),
                   want, err, ulps);
    if (err > worst && err < 1e29L) worst = err;
  }
  if (!AMP_CHECK(failed == 0))
    std::fprintf(stderr, "    %s: %d results out of bound\n", name.c_str(), failed);
  std::printf("  %-22s worst %6.2Lf ulps (bound %.1f)\n", name.c_str(), worst, ulps);
}

inline bool device_has_fp64() {
  const bool fp64 = concurrency::accelerator().supports_double_precision;
  if (!fp64)
    std::printf("double precision: not checked, the default accelerator has no fp64 (%ls)\n",
                concurrency::accelerator().description.c_str());
  return fp64;
}

}  // namespace device_check
