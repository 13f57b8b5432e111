// EXPECT: race-free
// The fix: read only what this tile wrote (after the barrier).
#include <ampcl.clh>

__kernel void inter_tile_fixed(__global int* data, __global int* out) {
  tiled_index1 t = amp_tiled_index1();
  const int g = t.global_[0];
  data[g] = g;
  tile_barrier_wait();
  out[g] = data[t.tile_origin[0] + (g + 1) % 16];
}
