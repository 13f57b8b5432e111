// EXPECT: read-after-write @ 14
// EXPECT-MAYBE: uninitialized-read @ 14
// EXPECT-MAYBE: write-after-read @ 13, 14
// Transposes each 4x4 tile through tile_static memory: no barrier between each
// work-item's store and the transposed read of another's slot.
#include <ampcl.clh>

__kernel void raw_tile_2d(__global const float* in, __global float* out) {
  tile_static float tile[4][4];
  tiled_index2 t = amp_tiled_index2();
  const int r = t.local_[0], c = t.local_[1];
  const int g = t.global_[0] * 8 + t.global_[1];
  tile[r][c] = in[g];
  out[g] = tile[c][r];
}
