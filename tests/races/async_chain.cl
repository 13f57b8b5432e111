// EXPECT: read-after-write @ 16, 13
// Two async copies whose events are not chained (the second passes 0): the one
// wait is on the second's event only, so the first copy is still in flight when
// its destination is read.
#include <ampcl.clh>

__kernel void async_chain(__global const int* in, __global int* out) {
  tile_static int a[16];
  tile_static int b[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  event_t e = async_work_group_copy(a, in + t.tile[0] * 16, 16, 0);
  event_t e2 = async_work_group_copy(b, in + (3 - t.tile[0]) * 16, 16, 0);
  wait_group_events(1, &e2);
  out[g] = a[15 - me] + b[me];
  wait_group_events(1, &e);
}
