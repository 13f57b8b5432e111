// EXPECT: uninitialized-read @ 13
// The documents' warning: tile_static variables cannot have initializers, so `total +=
// x` before any store reads garbage.
#include <ampcl.clh>

__kernel void total_no_init(__global const float* in, __global float* sums) {
  tile_static float total;
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  if (me == 0) {
    for (int k = 0; k < 16; ++k) {
      total += in[g + k];
    }
    sums[t.tile[0]] = total;
  }
}
