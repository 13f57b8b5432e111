// EXPECT: race-free
// A loop with a barrier in its body and the same trip count for the whole tile.
#include <ampcl.clh>

__kernel void div_loop_count_fixed(__global const int* in, __global int* out) {
  tile_static int acc[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  acc[me] = 0;
  tile_barrier_wait();
  for (int k = 0; k < 3; ++k) {
    acc[me] += in[g] + k;
    tile_barrier_wait();
  }
  out[g] = acc[me];
}
