// EXPECT: out-of-bounds @ 12
// Reads the left neighbour's tile_static slot; work-item 0 reads index -1.
#include <ampcl.clh>

__kernel void oob_negative(__global const int* in, __global int* out) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  slots[me] = in[g];
  tile_barrier_wait();
  out[g] = slots[me - 1];
}
