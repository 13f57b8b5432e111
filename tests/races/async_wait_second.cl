// EXPECT: read-after-write @ 17, 13
// Two async copies with their events in an array; the wait on the second event
// (&ev[1]) leaves the first copy in flight, so the read of its destination races.
#include <ampcl.clh>

__kernel void async_wait_second(__global const int* in, __global int* out) {
  tile_static int a[16];
  tile_static int b[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  event_t ev[2];
  ev[0] = async_work_group_copy(a, in + t.tile[0] * 16, 16, 0);
  ev[1] = async_work_group_copy(b, in + (3 - t.tile[0]) * 16, 16, 0);
  wait_group_events(1, &ev[1]);
  out[g] = b[me];
  out[g] += a[15 - me];
  wait_group_events(1, ev);
}
