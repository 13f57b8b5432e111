// EXPECT: read-after-write @ 13
// Each work-item reads its left neighbour's tile_static slot with no barrier
// after the neighbour wrote it.
#include <ampcl.clh>

__kernel void raw_tile_static(__global const int* in, __global int* out) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  slots[me] = in[t.global_[0]];
  // missing: tile_barrier_wait();
  if (me > 0) {
    out[t.global_[0]] = slots[me - 1];
  }
}
