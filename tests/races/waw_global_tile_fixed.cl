// EXPECT: race-free
// Each tile writes its own output element, from one chosen work-item.
#include <ampcl.clh>

__kernel void waw_global_tile_fixed(__global const int* in, __global int* out) {
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  if (me == 0) {
    out[t.tile[0]] = in[g];
  }
}
