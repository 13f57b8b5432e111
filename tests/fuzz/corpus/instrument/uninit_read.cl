// EXPECT: uninitialized-read @ 13
// Only half the tile writes the tile_static array everyone reads.
#include <ampcl.clh>

__kernel void uninit_read(__global const int* in, __global int* out) {
  tile_static int vals[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  if (me < 8) {
    vals[me] = in[t.global_[0]];
  }
  tile_barrier_wait();
  out[t.global_[0]] = vals[15 - me];
}
