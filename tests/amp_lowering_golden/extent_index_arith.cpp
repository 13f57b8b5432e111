// Construct: index and extent arithmetic in a kernel: index + index, index * int,
// index -= index, extent[d], extent::size(), index<2>(a, b) construction.
// Why this OpenCL: index and extent are C++ classes of the headers, lowered like user
// code: operators become functions over index_2 (a struct of int[2]) applied
// element-wise, size() is the product of the dimensions.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<2>) ----
// CHECK-LABEL: index_2 *index_2_plus_assign(index_2 *this_, index_2 *o) {
// CHECK:      for (; d < 2; (++d))
// CHECK-NEXT:   this_->_M_base[d] += (o)->_M_base[d];
// CHECK-LABEL: uint extent_2_size(extent_2 *this_) {
// CHECK:      for (; d < 2; (++d))
// CHECK-NEXT:   s *= ((uint)this_->_M_base[d]);
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_2 i_) {
// CHECK:      index_2 j = operator_{{[0-9]+}}(&i_, (tmp{{[0-9]+}} = (index_2_construct{{[_0-9]*}}(&tmp{{[0-9]+}}, 1, 2), tmp{{[0-9]+}}), &tmp{{[0-9]+}}));
// CHECK:      index_2_construct{{[_0-9]*}}(&k, ((*index_2_subscript{{[_0-9]*}}(&j, 0u)) % (*extent_2_subscript{{[_0-9]*}}(&e, 0u))), ((*index_2_subscript{{[_0-9]*}}(&j, 1u)) % (*extent_2_subscript{{[_0-9]*}}(&e, 1u))));
// CHECK-NEXT: index_2 d = operator_{{[0-9]+}}(&i_, 3);
// CHECK-NEXT: index_2_minus_assign(&d,
// CHECK:      ((int)extent_2_size(&e)) * 100000
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(extent_2 iv_M_extent,

#include "golden.h"
using namespace concurrency;

int main() {
  const int rows = 5, cols = 6;
  std::vector<int> in(rows * cols), out(rows * cols, poison);
  for (int i = 0; i < rows * cols; ++i) in[i] = i * 7 % 23;
  array_view<const int, 2> iv(rows, cols, in);
  array_view<int, 2> ov(rows, cols, out);
  parallel_for_each(ov.extent, [=](index<2> i) restrict(amp) {
    index<2> j = i + index<2>(1, 2);
    extent<2> e = iv.extent;
    index<2> k(j[0] % e[0], j[1] % e[1]);
    index<2> d = i * 3;
    d -= index<2>(1, 1);
    ov[i] = iv[k] * 1000 + d[0] * 10 + d[1] + static_cast<int>(e.size()) * 100000;
  });
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      EXPECT_EQ(ov(r, c), in[((r + 1) % rows) * cols + (c + 2) % cols] * 1000 + (3 * r - 1) * 10 +
                              (3 * c - 1) + rows * cols * 100000);
  return golden_report("extent_index_arith");
}
