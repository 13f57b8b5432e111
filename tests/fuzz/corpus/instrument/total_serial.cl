// EXPECT: race-free
// The documents' fix that does not scale: one work-item adds per barrier interval.
#include <ampcl.clh>

__kernel void total_serial(__global const float* matrix, __global float* out) {
  tile_static float total;
  tiled_index1 t_idx = amp_tiled_index1();
  const int me = t_idx.local_[0];
  if (me == 0) {
    total = 0.0f;
  }
  tile_barrier_wait();
  for (int i = 0; i < AMPCL_TILE0; ++i) {
    if (me == i) {
      total += matrix[t_idx.global_[0]];
    }
    tile_barrier_wait();
  }
  if (me == 0) {
    out[t_idx.tile[0]] = total;
  }
}
