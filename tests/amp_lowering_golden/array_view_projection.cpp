// Construct: projection of a rank-2 array_view in a kernel (m[r] is row r, rank 1).
// Why this OpenCL: the projection drops dimension 0: the new view's extent and stride are
// the old ones from dimension 1 on, its base is base + r * stride[0], and it shares the
// __global buffer.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK-LABEL: array_view_int_1 array_view_int_2_projection(array_view_int_2 *this_, int i0) {
// CHECK:      for (; d < 2; (++d))
// CHECK:      (*extent_1_subscript{{[_0-9]*}}(&r._M_extent, ((uint)(d - 1)))) = extent_2_subscript{{[_0-9]*}}(&this_->_M_extent, ((uint)d));
// CHECK-NEXT: (*index_1_subscript{{[_0-9]*}}(&r._M_stride, ((uint)(d - 1)))) = index_2_subscript{{[_0-9]*}}(&this_->_M_stride, ((uint)d));
// CHECK:      r._M_base = (this_->_M_base + (i0 * index_2_subscript{{[_0-9]*}}(&this_->_M_stride, 0u)));
// CHECK-NEXT: r._M_data = this_->_M_data;
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_1 r) {
// CHECK:      array_view_int_1 row = array_view_int_2_subscript{{[_0-9]*}}(&this_->m, (*index_1_subscript{{[_0-9]*}}(&r, 0u)));
// CHECK:      (*array_view_int_1_subscript{{[_0-9]*}}(&row, c)) = (((*index_1_subscript{{[_0-9]*}}(&r, 0u)) * 1000) + c);
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(extent_2 m_M_extent,

#include "golden.h"
using namespace concurrency;

int main() {
  const int rows = 4, cols = 9;
  std::vector<int> data(rows * cols, poison);
  array_view<int, 2> m(rows, cols, data);
  // m[r] is row r, an array_view<int, 1>.
  parallel_for_each(extent<1>(rows), [=](index<1> r) restrict(amp) {
    array_view<int, 1> row = m[r[0]];
    for (int c = 0; c < row.extent[0]; ++c) row[c] = r[0] * 1000 + c;
  });
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) EXPECT_EQ(m(r, c), r * 1000 + c);
  return golden_report("array_view_projection");
}
