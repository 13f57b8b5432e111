// Construct: an untiled parallel_for_each over extent<3>.
// Why this OpenCL: AMP dimension d is OpenCL dimension 2-d (i[0] = get_global_id(2), the
// slowest); the offset is base + i[2] + i[0] * stride[0] + i[1] * stride[1].
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<3>) ----
// CHECK-LABEL: int array_view_int_3_offset(
// CHECK:      int off = (this_->_M_base + index_3_subscript{{[_0-9]*}}((i_), 2u));
// CHECK:      for (; d < 2; (++d))
// CHECK-NEXT:   off += (index_3_subscript{{[_0-9]*}}((i_), ((uint)d)) * index_3_subscript{{[_0-9]*}}(&this_->_M_stride, ((uint)d)));
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_3 i_) {
// CHECK-LABEL: index_3 global_index(thread_tag
// CHECK:      for (; d < 3; (++d))
// CHECK-NEXT:   = ((int)get_global_id(((2 - d))));
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(extent_3 v_M_extent,
// CHECK-NEXT:     int v_M_base,
// CHECK-NEXT:     index_3 v_M_stride,
// CHECK-NEXT:     __global int *v,
// CHECK-NEXT:     extent_3 e) {

#include "golden.h"
using namespace concurrency;

int main() {
  const int d0 = 3, d1 = 4, d2 = 5;
  std::vector<int> out(d0 * d1 * d2, poison);
  array_view<int, 3> v(d0, d1, d2, out);
  parallel_for_each(v.extent, [=](index<3> i) restrict(amp) {
    v[i] = i[0] * 10000 + i[1] * 100 + i[2];
  });
  for (int a = 0; a < d0; ++a)
    for (int b = 0; b < d1; ++b)
      for (int c = 0; c < d2; ++c) EXPECT_EQ(v(a, b, c), a * 10000 + b * 100 + c);
  return golden_report("pfe_index_3d");
}
