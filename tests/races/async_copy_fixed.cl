// EXPECT: race-free
// async_work_group_copy of a tile's input into tile_static memory, used after
// wait_group_events.
#include <ampcl.clh>

__kernel void async_copy_fixed(__global const int* in, __global int* out) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  event_t e = async_work_group_copy(slots, in + t.tile[0] * 16, 16, 0);
  wait_group_events(1, &e);
  out[g] = slots[15 - me];
}
