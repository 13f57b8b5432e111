// EXPECT: out-of-bounds @ 12
// The last work-item writes one past the end of a tile_static array.
#include <ampcl.clh>

__kernel void oob_tile_static(__global const int* in, __global int* out) {
  tile_static int slots[16];
  tile_static int after[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  slots[me] = in[t.global_[0]];
  after[me] = 7;
  if (me == 15) slots[me + 1] = -1;
  tile_barrier_wait();
  out[t.global_[0]] = slots[me] + after[me];
}
