// Construct: concurrency::precise_math functions on float (sin, pow) and double (log1p).
// Why this OpenCL: precise_math asks for full precision: OpenCL's correctly-rounded-to-
// spec builtins (sin, pow, log1p), the double overload on double; the program enables
// cl_khr_fp64 because it uses double.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK:      #pragma OPENCL EXTENSION cl_khr_fp64 : enable
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_1 i_) {
// CHECK-NOT:  native_
// CHECK:      (*array_view_float_1_subscript(&this_->sv, &i_)) = (sin((x)));
// CHECK-NEXT: (*array_view_float_1_subscript(&this_->pv, &i_)) = (pow((x), (1.5f)));
// CHECK-NEXT: (*array_view_double_1_subscript(&this_->dv, &i_)) = (log1p((((double)x))));
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(
// CHECK:          __global double *dv,

#include "golden.h"
#include <amp_math.h>
using namespace concurrency;

int main() {
  const int n = 64;
  std::vector<float> s(n, -1.0f), p(n, -1.0f);
  std::vector<double> d(n, -1.0);
  array_view<float, 1> sv(n, s), pv(n, p);
  array_view<double, 1> dv(n, d);
  parallel_for_each(sv.extent, [=](index<1> i) restrict(amp) {
    const float x = i[0] * 0.05f;
    sv[i] = precise_math::sin(x);
    pv[i] = precise_math::pow(x, 1.5f);
    dv[i] = precise_math::log1p(static_cast<double>(x));
  });
  for (int i = 0; i < n; ++i) {
    const float x = i * 0.05f;
    EXPECT_NEAR(sv[i], std::sin(x), 1e-6);
    EXPECT_NEAR(pv[i], std::pow(x, 1.5f), 1e-5);
    EXPECT_NEAR(dv[i], std::log1p(static_cast<double>(x)), 1e-12);
  }
  return golden_report("precise_math");
}
