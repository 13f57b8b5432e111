// Shared by the math tests: runs one k_<name> kernel of math_functions.cl over
// inputs and measures results against a higher-precision host reference.
#pragma once

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace ampcl_math_test {

template <class Real>
ampcl::kernel math_kernel(const std::string& name) {
  ampcl::kernel k =
      ampcl::kernel::from_file(ampcl_test::kernel_path("math_functions.cl"), "k_" + name);
  if constexpr (std::is_same_v<Real, double>)
    k = k.define("REAL", "double").define("AMPCL_TEST_FP64");
  return k;
}

// Size of one unit in the last place of `ref` rounded to Real (the OpenCL
// spec's measure). Results below the smallest normal are measured in units of
// the smallest normal's ulp, as devices may flush denormals.
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

// `count` values spread over [lo, hi], endpoints included, as Real.
template <class Real>
std::vector<Real> spread(double lo, double hi, int count) {
  std::vector<Real> v(count);
  for (int i = 0; i < count; ++i) v[i] = static_cast<Real>(lo + (hi - lo) * i / (count - 1));
  return v;
}

}  // namespace ampcl_math_test
