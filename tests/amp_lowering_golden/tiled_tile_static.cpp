// Construct: a tiled parallel_for_each (tile<64>) with a tile_static array, a reduction.
// Why this OpenCL: the tile is a compile-time constant, so the kernel says
// reqd_work_group_size(64, 1, 1); the tile_static array becomes a __local array declared
// in the kernel (OpenCL allows __local variables only at kernel scope) and handed down
// as a pointer to the array (__local int (*)[64]) to the functions that use it; the
// tiled_index is built from get_global_id, get_local_id and get_group_id, and
// tile_origin = global - local; tile_barrier::wait is a barrier on both memories,
// written where the kernel waits.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (tiled_kernel_entry<64,0,0>) ----
// CHECK:      struct tiled_index_64_0_0 {
// CHECK-NEXT:   index_1 global_;
// CHECK-NEXT:   index_1 local_;
// CHECK-NEXT:   index_1 tile;
// CHECK-NEXT:   index_1 tile_origin;
// CHECK:      void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, tiled_index_64_0_0 ti, __local int (*[[BUF:ts_[a-z_]+]])[64]) {
// CHECK:      (*[[BUF]])[index_1_subscript{{[_0-9]*}}(&ti.local_, 0u)] = (*array_view_const_int_1_subscript(&this_->iv, &ti.global_));
// CHECK-NEXT: barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
// CHECK:      (*[[BUF]])[index_1_subscript{{[_0-9]*}}(&ti.local_, 0u)] += (*[[BUF]])[(index_1_subscript{{[_0-9]*}}(&ti.local_, 0u) + s)];
// CHECK-NEXT: barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
// CHECK:      (*array_view_int_1_subscript(&this_->ov, &ti.tile)) = (*[[BUF]])[0];
// CHECK:      = ((int)get_global_id(((0 - d))));
// CHECK:      = ((int)get_local_id(((0 - d))));
// CHECK:      = ((int)get_group_id(((0 - d))));
// CHECK-LABEL: void tiled_index_64_0_0_construct(
// CHECK:      this_->global_ = global_index(t);
// CHECK-NEXT: this_->local_ = local_index(t);
// CHECK-NEXT: this_->tile = tile_index(t);
// CHECK-NEXT: this_->tile_origin = operator_{{[0-9]+}}((tmp{{[0-9]+}} = global_index(t), &tmp{{[0-9]+}}), (tmp{{[0-9]+}} = local_index(t), &tmp{{[0-9]+}}));
// CHECK-LABEL: __kernel __attribute__((reqd_work_group_size(64, 1, 1))) void main_line{{[0-9]+}}(extent_1 iv_M_extent,
// CHECK:          __global const int *iv,
// CHECK:          __global int *ov) {
// CHECK-NEXT:   __local int buf[64];
// CHECK:        tiled_kernel_entry(&arg0, &buf);

#include "golden.h"
using namespace concurrency;

int main() {
  const int n = 256, tile = 64;
  std::vector<int> in(n), out(n / tile, poison);
  for (int i = 0; i < n; ++i) in[i] = (i * 13) % 31;
  array_view<const int, 1> iv(n, in);
  array_view<int, 1> ov(n / tile, out);
  parallel_for_each(iv.extent.tile<64>(), [=](tiled_index<64> ti) restrict(amp) {
    tile_static int buf[64];
    buf[ti.local[0]] = iv[ti.global];
    ti.barrier.wait();
    for (int s = 32; s > 0; s /= 2) {
      if (ti.local[0] < s) buf[ti.local[0]] += buf[ti.local[0] + s];
      ti.barrier.wait();
    }
    if (ti.local[0] == 0) ov[ti.tile] = buf[0];
  });
  for (int t = 0; t < n / tile; ++t) {
    int want = 0;
    for (int i = 0; i < tile; ++i) want += in[t * tile + i];
    EXPECT_EQ(ov[t], want);
  }
  return golden_report("tiled_tile_static");
}
