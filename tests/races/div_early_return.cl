// EXPECT: barrier-divergence @ 15, 11
// Work-items past the data return before the barrier the others wait at (this hangs
// GPUs; the checker reports it and lets the launch end).
#include <ampcl.clh>

__kernel void div_early_return(__global const int* in, __global int* out, int n) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  if (g >= n) {
    return;
  }
  slots[me] = in[g];
  tile_barrier_wait();
  out[g] = slots[me];
}
