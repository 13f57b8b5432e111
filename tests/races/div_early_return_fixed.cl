// EXPECT: race-free
// Work-items past the data return before the barrier the others wait at; fixed: they
// skip the work but still reach the barrier.
#include <ampcl.clh>

__kernel void div_early_return_fixed(__global const int* in, __global int* out, int n) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  slots[me] = g < n ? in[g] : 0;
  tile_barrier_wait();
  if (g < n) {
    out[g] = slots[15 - me];
  }
}
