// EXPECT: race-free
// Every work-item of the tile asks for the same copy (the count is the tile's).
#include <ampcl.clh>

__kernel void div_async_copy_fixed(__global const int* in, __global int* out) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  int n = 16;
  if (t.tile[0] == 3) n = 8;
  event_t e = async_work_group_copy(slots, in + t.tile_origin[0], n, 0);
  wait_group_events(1, &e);
  out[t.global_[0]] = slots[(me + 1) % 8];
}
