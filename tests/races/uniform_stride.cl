// EXPECT-ONE: read-after-write @ 16, 16
// EXPECT-ONE: write-after-read @ 16, 16
// A tree reduction whose loop bound and stride are the same for the whole tile
// (get_local_size, s *= 2): the loop needs no divergence vote. Each step adds
// part[me + s] while work-item me + s is adding to it in the same step: a race.
#include <ampcl.clh>

__kernel void uniform_stride(__global const int* in, __global int* sums) {
  tile_static int part[16];
  tiled_index1 t = amp_tiled_index1();
  const uint me = (uint)t.local_[0];
  part[me] = in[t.global_[0]];
  tile_barrier_wait();
  for (uint s = 1; s < get_local_size(0); s *= 2) {
    if (me + s < get_local_size(0)) {
      part[me] += part[me + s];
    }
    tile_barrier_wait();
  }
  if (me == 0) {
    sums[t.tile[0]] = part[0];
  }
}
