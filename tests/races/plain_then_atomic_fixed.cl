// EXPECT: race-free
// The first work-item of a tile resets its tile's counter with a plain store; the
// barrier orders the reset before every work-item's atomic add.
#include <ampcl.clh>

__kernel void plain_then_atomic_fixed(__global int* counts) {
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int slot = t.tile[0];
  if (me == 0) counts[slot] = 0;
  tile_barrier_wait_with_global_memory_fence();
  atomic_dec(&counts[slot]);
}
