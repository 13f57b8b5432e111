// Construct: the fences without a barrier: global_memory_fence, tile_static_memory_fence
// and all_memory_fence on a tile_barrier.
// Why this OpenCL: a fence orders this work-item's accesses without waiting for the
// others, which is OpenCL's mem_fence with the matching flags; no barrier may appear.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (tiled_kernel_entry<32,0,0>) ----
// CHECK-NOT:  barrier(
// CHECK-LABEL: void global_memory_fence(tile_barrier *{{[a-z_0-9]+}}) {
// CHECK-NOT:  }
// CHECK:      mem_fence(CLK_GLOBAL_MEM_FENCE);
// CHECK-LABEL: void tile_static_memory_fence(tile_barrier *{{[a-z_0-9]+}}) {
// CHECK-NOT:  }
// CHECK:      mem_fence(CLK_LOCAL_MEM_FENCE);
// CHECK-LABEL: void all_memory_fence(tile_barrier *{{[a-z_0-9]+}}) {
// CHECK-NOT:  }
// CHECK:      mem_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, tiled_index_32_0_0 ti) {
// CHECK:      global_memory_fence(&ti.barrier_);
// CHECK-NEXT: tile_static_memory_fence(&ti.barrier_);
// CHECK-NEXT: all_memory_fence(&ti.barrier_);
// CHECK-NOT:  barrier(
// CHECK-LABEL: __kernel __attribute__((reqd_work_group_size(32, 1, 1))) void main_line{{[0-9]+}}(

#include "golden.h"
using namespace concurrency;

int main() {
  const int n = 32;
  std::vector<int> out(n, poison);
  array_view<int, 1> v(n, out);
  parallel_for_each(v.extent.tile<32>(), [=](tiled_index<32> ti) restrict(amp) {
    v[ti.global] = ti.local[0];
    global_memory_fence(ti.barrier);
    tile_static_memory_fence(ti.barrier);
    all_memory_fence(ti.barrier);
    v[ti.global] += 1;
  });
  for (int i = 0; i < n; ++i) EXPECT_EQ(v[i], i + 1);
  return golden_report("memory_fences");
}
