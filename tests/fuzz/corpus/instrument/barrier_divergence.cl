// EXPECT: barrier-divergence @ 12, 11
// Half the tile waits on a barrier the other half never reaches (this crashes
// PoCL and hangs GPUs when run unchecked; the checker reports it and goes on).
#include <ampcl.clh>

__kernel void barrier_divergence(__global const int* in, __global int* out) {
  tile_static int vals[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  vals[me] = in[t.global_[0]];
  if (me < 8) {
    tile_barrier_wait();
  }
  out[t.global_[0]] = vals[me];
}
