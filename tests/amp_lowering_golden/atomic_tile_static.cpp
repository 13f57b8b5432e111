// Construct: atomics on a tile_static int (atomic_fetch_inc, atomic_fetch_sub).
// Why this OpenCL: the tile_static scalar is a __local int of the kernel passed down as a
// __local int*; OpenCL 1.2's atomic_inc / atomic_sub accept __local pointers, so the
// same builtins serve both memories.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (tiled_kernel_entry<128,0,0>) ----
// CHECK:      void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, tiled_index_128_0_0 ti, __local int *[[C:ts_[a-z_]+]]) {
// CHECK:      atomic_inc((([[C]])));
// CHECK-NEXT: atomic_sub((([[C]])), (0));
// CHECK:      = (*[[C]]);
// CHECK-LABEL: __kernel __attribute__((reqd_work_group_size(128, 1, 1))) void main_line{{[0-9]+}}(
// CHECK:        __local int count;
// CHECK:        tiled_kernel_entry(&arg0, &count);

#include "golden.h"
using namespace concurrency;

int main() {
  const int n = 512;
  std::vector<int> out(n / 128, poison);
  array_view<int, 1> ov(n / 128, out);
  parallel_for_each(extent<1>(n).tile<128>(), [=](tiled_index<128> ti) restrict(amp) {
    tile_static int count;
    if (ti.local[0] == 0) count = 0;
    ti.barrier.wait();
    if (ti.global[0] % 3 == 0) atomic_fetch_inc(&count);
    atomic_fetch_sub(&count, 0);
    ti.barrier.wait();
    if (ti.local[0] == 0) ov[ti.tile[0]] = count;
  });
  for (int t = 0; t < n / 128; ++t) {
    int want = 0;
    for (int i = t * 128; i < (t + 1) * 128; ++i) want += i % 3 == 0;
    EXPECT_EQ(ov[t], want);
  }
  return golden_report("atomic_tile_static");
}
