// EXPECT: race-free
// Every work-item's atomic_cmpxchg fails (flag is 1); work-item 0 stores to the
// flag only after a barrier.
#include <ampcl.clh>

__kernel void cas_fail_then_write_fixed(__global const int* in, __global int* out) {
  tile_static int flag;
  tile_static int buf[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  if (me == 0) flag = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  const int seen = atomic_cmpxchg(&flag, 0, 2);
  event_t e = async_work_group_copy(buf, in + t.tile[0] * 16, 16, 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (me == 0) flag = 3;
  wait_group_events(1, &e);
  out[t.global_[0]] = seen + buf[me];
}
