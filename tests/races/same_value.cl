// EXPECT: write-after-write @ 13, 13
// EXPECT: write-after-write @ 14, 14
// EXPECT: inter-tile-race @ 14, 14
// As same_value_fixed, but each work-item stores a value of its own: whose store
// lands last depends on scheduling.
#include <ampcl.clh>

__kernel void same_value(__global const int* in, __global int* out) {
  tile_static int done;
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  done = me;
  out[0] = g;
  tile_barrier_wait();
  out[1 + g] = in[g] + done;
}
