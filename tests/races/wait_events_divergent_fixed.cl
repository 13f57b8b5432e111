// EXPECT: race-free
// wait_events_divergent fixed: every work-item waits on both copies.
#include <ampcl.clh>

__kernel void wait_events_divergent_fixed(__global const int* in, __global int* out) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  event_t events[2];
  events[0] = async_work_group_copy(slots, in + t.tile[0] * 16, 8, 0);
  events[1] = async_work_group_copy(slots + 8, in + t.tile[0] * 16 + 8, 8, 0);
  wait_group_events(2, events);
  out[t.global_[0]] = slots[15 - me];
}
