// EXPECT: barrier-divergence @ 23, 21
// A private trip count first set from the work-item's index, then set to a value
// the whole tile shares (the loop before its second use is uniform and needs no
// vote), then changed under a branch on get_local_id: the upper half of the tile
// waits at the last loop's barrier once more.
#include <ampcl.clh>

__kernel void div_reused_count(__global const int* in, __global int* out) {
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
  if (me >= 8) n = 3;
  for (int k = 0; k < n; ++k) {
    acc[me] += k;
    tile_barrier_wait();
  }
  out[g] = acc[me];
}
