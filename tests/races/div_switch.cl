// EXPECT: barrier-divergence @ 14, 12
// A switch whose cases wait at different barriers; it switches on the work-item's
// parity.
#include <ampcl.clh>

__kernel void div_switch(__global const int* in, __global int* out) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  slots[me] = in[g];
  switch (me % 2) {
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
