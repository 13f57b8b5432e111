// EXPECT: uninitialized-read @ 14
// Only the first half of the tile fills tile_static memory, but every
// work-item reads its own slot after the barrier.
#include <ampcl.clh>

__kernel void uninit_tile_static(__global const int* in, __global int* out) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  if (me < 8) {
    slots[me] = in[t.global_[0]];
  }
  tile_barrier_wait();
  out[t.global_[0]] = slots[me];
}
