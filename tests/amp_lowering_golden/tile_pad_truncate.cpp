// Construct: tiled_extent::pad() and truncate().
// Why this OpenCL: padding and truncation change only the NDRange the host launches
// (64 and 48 work-items for 50 elements); the kernels are the ordinary tiled kernels,
// with the user's own bounds test (extent::contains) kept as written and no bounds test
// added to the truncated one.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (tiled_kernel_entry<16,0,0>) ----
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, tiled_index_16_0_0 ti) {
// CHECK:      if (extent_1_contains({{.*}}array_view_int_1_get_extent({{.*}}&ti.global_))
// CHECK-NEXT:   (*array_view_int_1_subscript(&this_->av, &ti.global_)) = (index_1_subscript{{[_0-9]*}}(&ti.global_, 0u) * 2);
// CHECK-LABEL: __kernel __attribute__((reqd_work_group_size(16, 1, 1))) void main_line{{[0-9]+}}(extent_1 av_M_extent,
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (tiled_kernel_entry<16,0,0>) ----
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, tiled_index_16_0_0 ti) {
// CHECK-NOT:  if (
// CHECK:      (*array_view_int_1_subscript(&this_->bv, &ti.global_)) = (index_1_subscript{{[_0-9]*}}(&ti.global_, 0u) + 7);
// CHECK-LABEL: __kernel __attribute__((reqd_work_group_size(16, 1, 1))) void main_line{{[0-9]+}}(extent_1 bv_M_extent,

#include "golden.h"
using namespace concurrency;

int main() {
  const int n = 50;
  std::vector<int> a(n, poison), b(n, poison);
  array_view<int, 1> av(n, a), bv(n, b);
  // pad(): 64 threads for 50 elements, the kernel guards its accesses.
  parallel_for_each(av.extent.tile<16>().pad(), [=](tiled_index<16> ti) restrict(amp) {
    if (av.extent.contains(ti.global)) av[ti.global] = ti.global[0] * 2;
  });
  // truncate(): 48 threads, the last two elements untouched.
  parallel_for_each(bv.extent.tile<16>().truncate(), [=](tiled_index<16> ti) restrict(amp) {
    bv[ti.global] = ti.global[0] + 7;
  });
  for (int i = 0; i < n; ++i) {
    EXPECT_EQ(av[i], i * 2);
    EXPECT_EQ(bv[i], i < 48 ? i + 7 : poison);
  }
  return golden_report("tile_pad_truncate");
}
