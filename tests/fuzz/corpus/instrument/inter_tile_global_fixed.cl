// EXPECT: race-free
// inter_tile_global with one element per tile.
#include <ampcl.clh>

__kernel void inter_tile_global_fixed(__global const int* in, __global int* winner) {
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int x = in[t.global_[0]];
  if (me == 0) {
    winner[t.tile[0]] = t.tile[0] + x;
  }
}
