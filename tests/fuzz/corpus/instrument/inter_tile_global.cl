// EXPECT: inter-tile-race @ 11
// The first work-item of every tile writes the same global element: tiles are
// never ordered against each other, so the result depends on scheduling.
#include <ampcl.clh>

__kernel void inter_tile_global(__global const int* in, __global int* winner) {
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int x = in[t.global_[0]];
  if (me == 0) {
    winner[0] = t.tile[0] + x;
  }
}
