// EXPECT: race-free
// war_same_value fixed: a barrier orders every work-item's read before the store
// of the value back.
#include <ampcl.clh>

__kernel void war_same_value_fixed(__global const int* in, __global int* out) {
  tile_static int word;
  tiled_index1 t = amp_tiled_index1();
  if (t.local_[0] == 0) word = in[t.tile[0]];
  tile_barrier_wait();
  const int v = word;
  tile_barrier_wait();
  if (t.local_[0] == 15) word = v;
  out[t.global_[0]] = v;
}
