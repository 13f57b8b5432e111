// EXPECT: read-after-write @ 17, 14
// Two async copies into two tile_static arrays with two events; the wait on the
// first event leaves the second copy in flight (OpenCL 1.2: a wait orders only the
// copies of its events), so the read of the second copy's destination races.
#include <ampcl.clh>

__kernel void async_wait_other(__global const int* in, __global int* out) {
  tile_static int a[16];
  tile_static int b[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  event_t ea = async_work_group_copy(a, in + t.tile[0] * 16, 16, 0);
  event_t eb = async_work_group_copy(b, in + (3 - t.tile[0]) * 16, 16, 0);
  wait_group_events(1, &ea);
  out[g] = a[15 - me];
  out[g] += b[me];
  wait_group_events(1, &eb);
}
