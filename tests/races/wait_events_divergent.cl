// EXPECT: barrier-divergence @ 16
// Two async copies fill the two halves of a tile_static array, and each work-item
// waits on one of them only, chosen by its id (Oclgrind's wait_event_divergent):
// wait_group_events is called by the whole tile, so every work-item must wait on
// the same events. The tile votes on the count and the list's index into the
// array of events.
#include <ampcl.clh>

__kernel void wait_events_divergent(__global const int* in, __global int* out) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  event_t events[2];
  events[0] = async_work_group_copy(slots, in + t.tile[0] * 16, 8, 0);
  events[1] = async_work_group_copy(slots + 8, in + t.tile[0] * 16 + 8, 8, 0);
  wait_group_events(1, events + me % 2);
  out[t.global_[0]] = slots[15 - me];
}
