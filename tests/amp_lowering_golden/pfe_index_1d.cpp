// Construct: an untiled parallel_for_each over extent<1>, writing an array_view<int, 1>.
// Why this OpenCL: the thread's index<1> is get_global_id, AMP dimension d being OpenCL
// dimension N-1-d (here 0-d); the captured view arrives as its extent, base, stride and a
// __global int* buffer that the kernel's prologue puts back into the lambda object; an
// element's offset is base + i[0] (rank 1 has no stride loop: d < 0).
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK:      struct array_view_int_1 {
// CHECK-NEXT:   extent_1 _M_extent;
// CHECK-NEXT:   int _M_base;
// CHECK-NEXT:   index_1 _M_stride;
// CHECK-NEXT:   __global int *_M_data;
// CHECK-LABEL: int array_view_int_1_offset(
// CHECK:      int off = (this_->_M_base + index_1_subscript{{[_0-9]*}}((i_), 0u));
// CHECK:      for (; d < 0; (++d))
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_1 i_) {
// CHECK:      (*array_view_int_1_subscript(&this_->v, &i_)) = (((*index_1_subscript{{[_0-9]*}}(&i_, 0u)) * 3) + 1);
// CHECK-LABEL: index_1 global_index(thread_tag
// CHECK:      for (; d < 1; (++d))
// CHECK-NEXT:   = ((int)get_global_id(((0 - d))));
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(extent_1 v_M_extent,
// CHECK-NEXT:     int v_M_base,
// CHECK-NEXT:     index_1 v_M_stride,
// CHECK-NEXT:     __global int *v,
// CHECK-NEXT:     extent_1 e) {
// CHECK:      arg0.v._M_data = (__global int *)v;
// CHECK:      kernel_entry(&arg0, &arg1);

#include "golden.h"
using namespace concurrency;

int main() {
  const int n = 100;
  std::vector<int> out(n, poison);
  array_view<int, 1> v(n, out);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = i[0] * 3 + 1; });
  for (int i = 0; i < n; ++i) EXPECT_EQ(v[i], i * 3 + 1);
  return golden_report("pfe_index_1d");
}
