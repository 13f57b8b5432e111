// EXPECT: race-free
// The tile gathers a strided column into tile_static slots (each element 4 ints
// apart in the input); after the wait every work-item reads its neighbour's slot.
#include <ampcl.clh>

__kernel void async_strided_copy_fixed(__global const int* in, __global int* out) {
  tile_static int column[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  event_t e = async_work_group_strided_copy(column, in + t.tile[0], 16, 4, 0);
  wait_group_events(1, &e);
  out[t.global_[0]] = column[(me + 1) % 16];
}
