// EXPECT: race-free
// war_tile_static with a barrier between reading the neighbour and overwriting.
#include <ampcl.clh>

__kernel void war_tile_static_fixed(__global const int* in, __global int* out) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  slots[me] = in[t.global_[0]];
  tile_barrier_wait();
  const int right = me < 15 ? slots[me + 1] : 0;
  tile_barrier_wait();
  slots[me] = right;
  tile_barrier_wait();
  out[t.global_[0]] = slots[me];
}
