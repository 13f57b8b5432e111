// EXPECT: barrier-divergence @ 13
// EXPECT-MAYBE: uninitialized-read @ 15
// The last work-item of each tile asks for a shorter copy than the others: an async
// copy is made by the whole tile, and every work-item must make the same one.
#include <ampcl.clh>

__kernel void div_async_copy(__global const int* in, __global int* out) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  int n = 16;
  if (me == 15) n = 8;
  event_t e = async_work_group_copy(slots, in + t.tile_origin[0], n, 0);
  wait_group_events(1, &e);
  out[t.global_[0]] = slots[(me + 1) % 16];
}
