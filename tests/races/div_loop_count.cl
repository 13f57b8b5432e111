// EXPECT: barrier-divergence @ 15, 13
// A loop with a barrier in its body whose trip count depends on the work-item: some
// work-items wait at the barrier more often.
#include <ampcl.clh>

__kernel void div_loop_count(__global const int* in, __global int* out) {
  tile_static int acc[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  acc[me] = 0;
  tile_barrier_wait();
  for (int k = 0; k < 1 + me % 3; ++k) {
    acc[me] += in[g] + k;
    tile_barrier_wait();
  }
  out[g] = acc[me];
}
