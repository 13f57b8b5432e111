// EXPECT: barrier-divergence @ 17, 13
// A loop with a barrier that work-items leave with `break` at different iterations.
#include <ampcl.clh>

__kernel void div_break(__global const int* in, __global int* out) {
  tile_static int acc[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  acc[me] = 0;
  tile_barrier_wait();
  for (int k = 0; k < 4; ++k) {
    if (k == me % 4) {
      break;
    }
    acc[me] += in[g];
    tile_barrier_wait();
  }
  out[g] = acc[me];
}
