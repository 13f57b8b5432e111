// EXPECT: race-free
// Every work-item of a tile adds to its tile's counter atomically; the barrier orders
// the adds before the last work-item's plain read.
#include <ampcl.clh>

__kernel void atomic_then_plain_fixed(__global int* counts, __global int* seen) {
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int slot = t.tile[0];
  atomic_inc(&counts[slot]);
  tile_barrier_wait_with_global_memory_fence();
  if (me == 15) seen[slot] = counts[slot];
}
