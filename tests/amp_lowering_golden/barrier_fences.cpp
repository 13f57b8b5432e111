// Construct: the four tile_barrier waits: wait, wait_with_all_memory_fence,
// wait_with_global_memory_fence, wait_with_tile_static_memory_fence.
// Why this OpenCL: C++ AMP's wait and wait_with_all_memory_fence fence both memories
// (barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)); the global one fences global
// memory only, the tile_static one __local memory only. Each is written where the
// kernel waits (no helper function), so the barrier's #line is the caller's: the race
// checker's reports about a barrier name the user's line.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (tiled_kernel_entry<16,0,0>) ----
// CHECK-NOT:  void tile_barrier_wait
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, tiled_index_16_0_0 ti, __local int (*ts_s)[16]) {
// CHECK:      barrier(CLK_LOCAL_MEM_FENCE);
// CHECK:      barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
// CHECK:      barrier(CLK_GLOBAL_MEM_FENCE);
// CHECK:      barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
// CHECK-LABEL: __kernel __attribute__((reqd_work_group_size(16, 1, 1))) void main_line{{[0-9]+}}(
// CHECK:        __local int s[16];

#include "golden.h"
using namespace concurrency;

int main() {
  const int n = 64;
  std::vector<int> out(n, poison);
  array_view<int, 1> v(n, out);
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> ti) restrict(amp) {
    tile_static int s[16];
    s[ti.local[0]] = ti.global[0];
    ti.barrier.wait_with_tile_static_memory_fence();
    int x = s[15 - ti.local[0]];
    ti.barrier.wait();
    v[ti.global] = x;
    ti.barrier.wait_with_global_memory_fence();
    int y = v[ti.tile_origin[0] + 15 - ti.local[0]];
    ti.barrier.wait_with_all_memory_fence();
    v[ti.global] = y + 1000;
  });
  for (int i = 0; i < n; ++i) EXPECT_EQ(v[i], i + 1000);
  return golden_report("barrier_fences");
}
