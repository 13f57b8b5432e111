// EXPECT: race-free
// A tree reduction whose loop bound and stride are the same for the whole tile
// (get_local_size, s *= 2), with a barrier in the loop: the loop cannot diverge,
// so it needs no vote, and the instrumented kernel builds and runs as the
// original does (PoCL recursed building the voted one).
#include <ampcl.clh>

__kernel void uniform_stride_fixed(__global const int* in, __global int* sums) {
  tile_static int part[16];
  tiled_index1 t = amp_tiled_index1();
  const uint me = (uint)t.local_[0];
  part[me] = in[t.global_[0]];
  tile_barrier_wait();
  for (uint s = 1; s < get_local_size(0); s *= 2) {
    if (me % (2 * s) == 0) {
      part[me] += part[me + s];
    }
    tile_barrier_wait();
  }
  if (me == 0) {
    sums[t.tile[0]] = part[0];
  }
}
