// EXPECT: race-free
// Two async copies chained on one event (the second is given the first's event,
// and returns it): one wait on it orders both.
#include <ampcl.clh>

__kernel void async_chain_fixed(__global const int* in, __global int* out) {
  tile_static int a[16];
  tile_static int b[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  event_t e = async_work_group_copy(a, in + t.tile[0] * 16, 16, 0);
  e = async_work_group_copy(b, in + (3 - t.tile[0]) * 16, 16, e);
  wait_group_events(1, &e);
  out[g] = a[15 - me] + b[me];
}
