// Construct: a concurrency::array captured by reference ([&a]).
// Why this OpenCL: the lambda object holds a pointer to the array; the kernel rebuilds
// the array object in private memory from its parameters (extent, base, stride and its
// __global buffer) and points the captured reference at it.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK:      struct lambda_{{[0-9]+}} {
// CHECK-NEXT:   array_int_1 *a;
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_1 i_) {
// CHECK:      (*array_int_1_subscript((this_->a), &i_)) = ((*array_int_1_subscript((this_->a), &i_)) + {{.*}}array_int_1_get_extent(
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(extent_1 a_M_extent,
// CHECK:          __global int *a,
// CHECK:        array_int_1 [[REF:ref[0-9]+]];
// CHECK:        [[REF]]._M_data = (__global int *)a;
// CHECK-NEXT:   arg0.a = &[[REF]];

#include "golden.h"
using namespace concurrency;

int main() {
  const int n = 40;
  std::vector<int> init(n);
  for (int i = 0; i < n; ++i) init[i] = i * i;
  array<int, 1> a(n, init.begin());
  parallel_for_each(a.extent, [&a](index<1> i) restrict(amp) { a[i] = a[i] + a.extent[0]; });
  std::vector<int> back(n, poison);
  copy(a, back.begin());
  for (int i = 0; i < n; ++i) EXPECT_EQ(back[i], i * i + n);
  return golden_report("array_by_reference");
}
