// EXPECT: race-free
// Each work-item clears its own tile_static slot; the barrier orders the clears
// before the tile's copy over all slots.
#include <ampcl.clh>

__kernel void async_copy_own_part_fixed(__global const int* in, __global int* out) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  slots[me] = 0;
  tile_barrier_wait();
  event_t e = async_work_group_copy(slots, in + t.tile_origin[0], 16, 0);
  wait_group_events(1, &e);
  out[t.global_[0]] = slots[(me + 1) % 16];
}
