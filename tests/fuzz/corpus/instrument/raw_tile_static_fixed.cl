// EXPECT: race-free
// raw_tile_static with the barrier between the write and the neighbour's read.
#include <ampcl.clh>

__kernel void raw_tile_static_fixed(__global const int* in, __global int* out) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  slots[me] = in[t.global_[0]];
  tile_barrier_wait();
  if (me > 0) {
    out[t.global_[0]] = slots[me - 1];
  }
}
