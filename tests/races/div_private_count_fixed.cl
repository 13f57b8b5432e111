// EXPECT: race-free
// A loop with a barrier whose trip count is a private variable set under branches
// on values the whole tile shares (the tile's size and index): every work-item
// waits at the barriers equally often.
#include <ampcl.clh>

__kernel void div_private_count_fixed(__global const int* in, __global int* out) {
  tile_static int acc[16];
  const int me = get_local_id(0);
  const int g = get_global_id(0);
  int steps = 2;
  if (get_local_size(0) >= 8) steps = 3;
  acc[me] = 0;
  tile_barrier_wait();
  for (int k = 0; k < steps; ++k) {
    acc[me] += in[g] + k;
    tile_barrier_wait();
  }
  if (get_group_id(0) < get_num_groups(0) / 2) {
    tile_barrier_wait();
  }
  out[g] = acc[me];
}
