// Construct: array_view::section(origin, extent) of a rank-2 view, used in a kernel.
// Why this OpenCL: a section is the same view type with another base and extent, both
// set by the host, so the kernel is the plain view kernel: the offset adds _M_base
// (the section's origin, row-major) to i[1] + i[0] * stride[0]. The capture named
// `all` (an OpenCL C builtin) is renamed.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<2>) ----
// CHECK:      struct lambda_{{[0-9]+}} {
// CHECK-NEXT:   array_view_int_2 [[ALL:all_[a-z0-9_]*]];
// CHECK:      (*array_view_int_2_subscript(&this_->[[ALL]], &i_)) = 0;
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(extent_2 all_M_extent,
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<2>) ----
// CHECK-LABEL: int array_view_int_2_offset(
// CHECK:      int off = (this_->_M_base + index_2_subscript{{[_0-9]*}}((i_), 1u));
// CHECK:      for (; d < 1; (++d))
// CHECK-NEXT:   off += (index_2_subscript{{[_0-9]*}}((i_), ((uint)d)) * index_2_subscript{{[_0-9]*}}(&this_->_M_stride, ((uint)d)));
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_2 i_) {
// CHECK:      (*array_view_int_2_subscript(&this_->sec, &i_)) =
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(extent_2 sec_M_extent,
// CHECK-NEXT:     int sec_M_base,
// CHECK-NEXT:     index_2 sec_M_stride,
// CHECK-NEXT:     __global int *sec,

#include "golden.h"
using namespace concurrency;

int main() {
  const int rows = 6, cols = 8;
  std::vector<int> data(rows * cols, poison);
  array_view<int, 2> all(rows, cols, data);
  parallel_for_each(all.extent, [=](index<2> i) restrict(amp) { all[i] = 0; });
  array_view<int, 2> sec = all.section(index<2>(1, 2), extent<2>(3, 4));
  parallel_for_each(sec.extent, [=](index<2> i) restrict(amp) { sec[i] = i[0] * 10 + i[1] + 1; });
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const bool in = r >= 1 && r < 4 && c >= 2 && c < 6;
      EXPECT_EQ(all(r, c), in ? (r - 1) * 10 + (c - 2) + 1 : 0);
    }
  return golden_report("array_view_section");
}
