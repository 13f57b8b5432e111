// EXPECT: barrier-divergence @ 8, 17
// A helper function with a barrier, called under a condition that differs between
// work-items of one tile.
#include <ampcl.clh>

int exchange(__local int* slots, int me, int v) {
  slots[me] = v;
  tile_barrier_wait();
  return slots[15 - me];
}

__kernel void div_helper(__global const int* in, __global int* out) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  if (in[g] % 4 != 3) {
    out[g] = exchange(slots, me, in[g]);
  }
}
