// EXPECT: barrier-divergence @ 19, 17
// EXPECT: barrier-divergence @ 22, 21
// A loop with a barrier whose trip count is a private variable set under a branch
// on the work-item's index: it looks like a plain counted loop, but the upper half
// of the tile waits at the barrier once more. Then a branch on get_local_id
// compared with a tile-wide value (the tile's size) guards a barrier.
#include <ampcl.clh>

__kernel void div_private_count(__global const int* in, __global int* out) {
  tile_static int acc[16];
  const int me = get_local_id(0);
  const int g = get_global_id(0);
  int steps = 2;
  if (me >= 8) steps = 3;
  acc[me] = 0;
  tile_barrier_wait();
  for (int k = 0; k < steps; ++k) {
    acc[me] += in[g] + k;
    tile_barrier_wait();
  }
  if (me < (int)get_local_size(0) / 2) {
    tile_barrier_wait();
  }
  out[g] = acc[me];
}
