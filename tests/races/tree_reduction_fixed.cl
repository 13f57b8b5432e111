// EXPECT: race-free
// Tree reduction of a tile in tile_static memory, with a barrier after every halving
// step.
#include <ampcl.clh>

__kernel void tree_reduction_fixed(__global const int* in, __global int* sums) {
  tile_static int part[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  part[me] = in[g];
  tile_barrier_wait();
  for (int s = 8; s > 0; s >>= 1) {
    if (me < s) {
      part[me] += part[me + s];
    }
    tile_barrier_wait();
  }
  if (me == 0) {
    sums[t.tile[0]] = part[0];
  }
}
