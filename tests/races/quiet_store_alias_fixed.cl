// EXPECT: race-free
// quiet_store_alias with an array as large as the tile.
#include <ampcl.clh>

__kernel void quiet_store_alias_fixed(__global const float* in, __global float* out) {
  tile_static float tile[4][4];
  tiled_index2 t = amp_tiled_index2();
  const int r = t.local_[0], c = t.local_[1], g = t.global_[0] * 8 + t.global_[1];
  tile[r][c] = in[g];
  tile_barrier_wait();
  out[g] = tile[r][c % 2];
}
