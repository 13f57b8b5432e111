// Construct: an untiled parallel_for_each over extent<2> (rows, cols).
// Why this OpenCL: C++ AMP's dimension 0 is the most significant, OpenCL's the fastest, so
// AMP dimension d is OpenCL dimension 1-d (i[0] = get_global_id(1), the row); the
// row-major offset is base + i[1] + i[0] * stride[0] (the loop over d < 1).
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<2>) ----
// CHECK-LABEL: int array_view_int_2_offset(
// CHECK:      int off = (this_->_M_base + index_2_subscript{{[_0-9]*}}((i_), 1u));
// CHECK:      for (; d < 1; (++d))
// CHECK-NEXT:   off += (index_2_subscript{{[_0-9]*}}((i_), ((uint)d)) * index_2_subscript{{[_0-9]*}}(&this_->_M_stride, ((uint)d)));
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_2 i_) {
// CHECK:      (*array_view_int_2_subscript(&this_->v, &i_)) = (((*index_2_subscript{{[_0-9]*}}(&i_, 0u)) * 100) + (*index_2_subscript{{[_0-9]*}}(&i_, 1u)));
// CHECK-LABEL: index_2 global_index(thread_tag
// CHECK:      for (; d < 2; (++d))
// CHECK-NEXT:   = ((int)get_global_id(((1 - d))));
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(extent_2 v_M_extent,
// CHECK-NEXT:     int v_M_base,
// CHECK-NEXT:     index_2 v_M_stride,
// CHECK-NEXT:     __global int *v,
// CHECK-NEXT:     extent_2 e) {

#include "golden.h"
using namespace concurrency;

int main() {
  const int rows = 5, cols = 7;
  std::vector<int> out(rows * cols, poison);
  array_view<int, 2> v(rows, cols, out);
  parallel_for_each(v.extent, [=](index<2> i) restrict(amp) { v[i] = i[0] * 100 + i[1]; });
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) EXPECT_EQ(v(r, c), r * 100 + c);
  return golden_report("pfe_index_2d");
}
