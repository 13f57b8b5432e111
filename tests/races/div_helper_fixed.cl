// EXPECT: race-free
// A helper function with a barrier, called under a condition uniform in the tile.
#include <ampcl.clh>

int exchange(__local int* slots, int me, int v) {
  slots[me] = v;
  tile_barrier_wait();
  return slots[15 - me];
}

__kernel void div_helper_fixed(__global const int* in, __global int* out) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  if (t.tile[0] != 2) {
    out[g] = exchange(slots, me, in[g]);
  }
}
