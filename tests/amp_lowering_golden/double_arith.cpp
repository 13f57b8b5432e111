// Construct: double arithmetic, constant folding of double literals, int to double.
// Why this OpenCL: the program enables cl_khr_fp64; double stays double (no float
// demotion); literals print with 17 significant digits so they round-trip exactly
// (1e-300 / 1e-10 folded by Clang, as on the host).
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK:      #pragma OPENCL EXTENSION cl_khr_fp64 : enable
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_1 i_) {
// CHECK:      double x = (*array_view_const_double_1_subscript(&this_->iv, &i_));
// CHECK-NEXT: (*array_view_double_1_subscript(&this_->ov, &i_)) = ((((x * x) * 10000000000.0) + 9.9999999999999993e-291) + ((double)(*index_1_subscript{{[_0-9]*}}(&i_, 0u))));
// CHECK-NOT:  (float)
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(
// CHECK:          __global const double *iv,
// CHECK:          __global double *ov,

#include "golden.h"
using namespace concurrency;

int main() {
  const int n = 32;
  std::vector<double> in(n), out(n, -1.0);
  for (int i = 0; i < n; ++i) in[i] = 1.0 / (i + 1);
  array_view<const double, 1> iv(n, in);
  array_view<double, 1> ov(n, out);
  parallel_for_each(ov.extent, [=](index<1> i) restrict(amp) {
    double x = iv[i];
    ov[i] = x * x * 1e10 + 1e-300 / 1e-10 + static_cast<double>(i[0]);
  });
  for (int i = 0; i < n; ++i) {
    const double x = in[i];
    EXPECT_EQ(ov[i], x * x * 1e10 + 1e-300 / 1e-10 + static_cast<double>(i));
  }
  return golden_report("double_arith");
}
