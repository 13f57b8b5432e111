// EXPECT: race-free
// Transposes each 4x4 tile through tile_static memory with the barrier between the load
// and the transposed read.
#include <ampcl.clh>

__kernel void raw_tile_2d_fixed(__global const float* in, __global float* out) {
  tile_static float tile[4][4];
  tiled_index2 t = amp_tiled_index2();
  const int r = t.local_[0], c = t.local_[1];
  const int g = t.global_[0] * 8 + t.global_[1];
  tile[r][c] = in[g];
  tile_barrier_wait();
  out[g] = tile[c][r];
}
