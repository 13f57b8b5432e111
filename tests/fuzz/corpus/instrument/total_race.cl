// EXPECT: read-after-write @ 13
// EXPECT: write-after-write @ 13
// EXPECT: write-after-read @ 13
// EXPECT: uninitialized-read @ 13
// The documents' anti-pattern, as written there: `tile_static float total;
// total += matrix[t_idx];` with no initialization and no order.
#include <ampcl.clh>

__kernel void total_race(__global const float* matrix, __global float* out) {
  tile_static float total;
  tiled_index1 t_idx = amp_tiled_index1();
  const int me = t_idx.local_[0];
  total += matrix[t_idx.global_[0]];
  tile_barrier_wait();
  if (me == 0) {
    out[t_idx.tile[0]] = total;
  }
}
