// Construct: atomic_fetch_add on int and unsigned int elements of views (global memory),
// atomic_fetch_max.
// Why this OpenCL: OpenCL 1.2's atomic_add / atomic_max take the element's __global
// pointer (the view's subscript returns one) and return the old value, as C++ AMP's do.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK-LABEL: __global int *array_view_int_1_subscript{{[_0-9]*}}(
// CHECK-LABEL: __global uint *array_view_unsigned_int_1_subscript{{[_0-9]*}}(
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_1 i_) {
// CHECK:      atomic_add(((array_view_int_1_subscript{{[_0-9]*}}(&this_->hv, ((*index_1_subscript{{[_0-9]*}}(&i_, 0u)) % 8)))), (1));
// CHECK-NEXT: atomic_add(((array_view_unsigned_int_1_subscript{{[_0-9]*}}(&this_->tv, 0))), (((uint)(*index_1_subscript{{[_0-9]*}}(&i_, 0u)))));
// CHECK-NEXT: atomic_max(((array_view_int_1_subscript{{[_0-9]*}}(&this_->hv, 7))), (0));
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(
// CHECK:          __global int *hv,
// CHECK:          __global uint *tv,

#include "golden.h"
using namespace concurrency;

int main() {
  const int n = 1000, bins = 8;
  std::vector<int> hist(bins, 0);
  std::vector<unsigned int> total(1, 0u);
  array_view<int, 1> hv(bins, hist);
  array_view<unsigned int, 1> tv(1, total);
  parallel_for_each(extent<1>(n), [=](index<1> i) restrict(amp) {
    atomic_fetch_add(&hv[i[0] % bins], 1);
    atomic_fetch_add(&tv[0], static_cast<unsigned int>(i[0]));
    atomic_fetch_max(&hv[bins - 1], 0);
  });
  for (int b = 0; b < bins; ++b) EXPECT_EQ(hv[b], n / bins);
  EXPECT_EQ(tv[0], static_cast<unsigned int>(n * (n - 1) / 2));
  return golden_report("atomic_global");
}
