// EXPECT: write-after-write @ 12, 11
// Each work-item clears its own tile_static slot, then the tile copies over all slots
// with no barrier between: the copy is the tile's, not the work-item's, so it races
// with every slot's clear, the one of the work-item that checks that part included.
#include <ampcl.clh>

__kernel void async_copy_own_part(__global const int* in, __global int* out) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  slots[me] = 0;
  event_t e = async_work_group_copy(slots, in + t.tile_origin[0], 16, 0);
  wait_group_events(1, &e);
  out[t.global_[0]] = slots[(me + 1) % 16];
}
