// EXPECT: read-after-write @ 14, 13
// EXPECT-MAYBE: uninitialized-read @ 14
// EXPECT-MAYBE: write-after-read @ 13, 14
// async_work_group_copy of a tile's input into tile_static memory: the copy is read
// before wait_group_events, when it may not have landed.
#include <ampcl.clh>

__kernel void async_copy(__global const int* in, __global int* out) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  event_t e = async_work_group_copy(slots, in + t.tile[0] * 16, 16, 0);
  out[g] = slots[15 - me];
  wait_group_events(1, &e);
}
