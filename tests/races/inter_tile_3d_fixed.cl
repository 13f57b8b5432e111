// EXPECT: race-free
// A 3-D launch (2x2x4 tiles) where the first work-item of every tile writes a global
// flag; fixed: one flag per tile.
#include <ampcl.clh>

__kernel void inter_tile_3d_fixed(__global const int* in, __global int* flags) {
  tiled_index3 t = amp_tiled_index3();
  const int g = (t.global_[0] * 4 + t.global_[1]) * 8 + t.global_[2];
  const int tile = (t.tile[0] * 2 + t.tile[1]) * 2 + t.tile[2];
  const int v = in[g];
  if (t.local_[0] == 0 && t.local_[1] == 0 && t.local_[2] == 0) {
    flags[tile] = v;
  }
}
