// Construct: array_view<const float, 1> read, array_view<float, 1> written (after
// discard_data()).
// Why this OpenCL: a view of const elements is passed as a `__global const float *`
// parameter (the device may cache it as read-only); the writable one as `__global float *`.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_1 i_) {
// CHECK:      (*array_view_float_1_subscript(&this_->ov, &i_)) = (((*array_view_const_float_1_subscript(&this_->iv, &i_)) * 2.0f) + 1.0f);
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(extent_1 ov_M_extent,
// CHECK:          __global float *ov,
// CHECK:          __global const float *iv,

#include "golden.h"
using namespace concurrency;

int main() {
  const int n = 64;
  std::vector<float> in(n), out(n, -1.0f);
  for (int i = 0; i < n; ++i) in[i] = i * 0.5f;
  array_view<const float, 1> iv(n, in);
  array_view<float, 1> ov(n, out);
  ov.discard_data();
  parallel_for_each(ov.extent, [=](index<1> i) restrict(amp) { ov[i] = iv[i] * 2.0f + 1.0f; });
  for (int i = 0; i < n; ++i) EXPECT_EQ(ov[i], in[i] * 2.0f + 1.0f);
  return golden_report("array_view_const");
}
