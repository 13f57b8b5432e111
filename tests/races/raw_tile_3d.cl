// EXPECT: read-after-write @ 14
// EXPECT-MAYBE: uninitialized-read @ 14
// EXPECT-MAYBE: write-after-read @ 13, 14
// A 3-D tile (2x2x4): each work-item reads the slot of the work-item in the other plane
// with no barrier after the stores.
#include <ampcl.clh>

__kernel void raw_tile_3d(__global const int* in, __global int* out) {
  tile_static int cube[2][2][4];
  tiled_index3 t = amp_tiled_index3();
  const int d = t.local_[0], r = t.local_[1], c = t.local_[2];
  const int g = (t.global_[0] * 4 + t.global_[1]) * 8 + t.global_[2];
  cube[d][r][c] = in[g];
  out[g] = cube[1 - d][r][c];
}
