// Construct: the value form of ?: choosing between a tile_static element and a global
// (view) element.
// Why this OpenCL: both operands are loaded as values (an int from __local memory, an
// int from __global memory), so no pointer needs one address space for both.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (tiled_kernel_entry<16,0,0>) ----
// CHECK:      void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, tiled_index_16_0_0 ti, __local int (*[[S:ts_[a-z_]+]])[16]) {
// CHECK:      (*array_view_int_1_subscript(&this_->ov, &ti.global_)) = ((((index_1_subscript{{[_0-9]*}}(&ti.local_, 0u) % 2) == 0)) ? (*[[S]])[index_1_subscript{{[_0-9]*}}(&ti.local_, 0u)] : (*array_view_const_int_1_subscript(&this_->iv, &ti.global_)));
// CHECK-LABEL: __kernel __attribute__((reqd_work_group_size(16, 1, 1))) void main_line{{[0-9]+}}(
// CHECK:          __global const int *iv) {
// CHECK-NEXT:   __local int s[16];

#include "golden.h"
using namespace concurrency;

int main() {
  const int n = 32;
  std::vector<int> in(n), out(n, poison);
  for (int i = 0; i < n; ++i) in[i] = 500 + i;
  array_view<const int, 1> iv(n, in);
  array_view<int, 1> ov(n, out);
  parallel_for_each(ov.extent.tile<16>(), [=](tiled_index<16> ti) restrict(amp) {
    tile_static int s[16];
    s[ti.local[0]] = ti.local[0] * 2;
    ti.barrier.wait();
    // The value form of ?: over a tile_static and a global element.
    ov[ti.global] = (ti.local[0] % 2 == 0) ? s[ti.local[0]] : iv[ti.global];
  });
  for (int i = 0; i < n; ++i) EXPECT_EQ(ov[i], i % 2 == 0 ? (i % 16) * 2 : 500 + i);
  return golden_report("conditional_spaces");
}
