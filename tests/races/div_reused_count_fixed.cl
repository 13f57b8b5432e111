// EXPECT: race-free
// A private trip count first set from the work-item's index, then set to a value
// the whole tile shares, then changed under a branch on a value the whole tile
// shares (the tile's size): every work-item waits at the barriers equally often.
#include <ampcl.clh>

__kernel void div_reused_count_fixed(__global const int* in, __global int* out) {
  tile_static int acc[16];
  const int me = get_local_id(0);
  const int g = get_global_id(0);
  int n;
  for (n = me; n < 16; n += 16) acc[n] = 0;
  n = 2;
  tile_barrier_wait();
  for (int k = 0; k < n; ++k) {
    acc[me] += in[g] + k;
    tile_barrier_wait();
  }
  if (get_local_size(0) >= 8) n = 3;
  for (int k = 0; k < n; ++k) {
    acc[me] += k;
    tile_barrier_wait();
  }
  out[g] = acc[me];
}
