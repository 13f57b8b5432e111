// EXPECT: write-after-read @ 13, 12
// EXPECT-MAYBE: uninitialized-read @ 12
// EXPECT-MAYBE: read-after-write @ 12, 13
// Each work-item reads a tile_static slot, then the tile gathers a strided column
// into the slots with no barrier after the read: the copy overwrites what others read.
#include <ampcl.clh>

__kernel void async_strided_copy(__global const int* in, __global int* out) {
  tile_static int column[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  out[t.global_[0]] = column[(me + 1) % 16];
  event_t e = async_work_group_strided_copy(column, in + t.tile[0], 16, 4, 0);
  wait_group_events(1, &e);
  out[t.global_[0]] += column[me];
}
