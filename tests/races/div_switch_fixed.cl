// EXPECT: race-free
// A switch whose cases wait at different barriers; fixed: it switches on a value
// uniform in the tile.
#include <ampcl.clh>

__kernel void div_switch_fixed(__global const int* in, __global int* out) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  slots[me] = in[g];
  switch (t.tile[0] % 2) {
    case 0:
      tile_barrier_wait();
      out[g] = slots[15 - me];
      break;
    default:
      tile_barrier_wait();
      out[g] = -slots[15 - me];
      break;
  }
}
