// EXPECT: subscript-out-of-range @ 15
// EXPECT: out-of-bounds @ 15
// EXPECT-MAYBE: write-after-write @ 15, 15
// A 4x2 tile_static array stored by a 4x4 tile, one element per work-item by its
// subscripts: columns 2 and 3 leave their dimension (subscript-out-of-range), and in
// rows 0-2 land on the next row's first elements, which another work-item stores
// (a write-after-write, reported when the out-of-range store comes second); in row
// 3 they leave the array (out-of-bounds). The fixed twin is 4x4.
#include <ampcl.clh>

__kernel void quiet_store_alias(__global const float* in, __global float* out) {
  tile_static float tile[4][2];
  tiled_index2 t = amp_tiled_index2();
  const int r = t.local_[0], c = t.local_[1], g = t.global_[0] * 8 + t.global_[1];
  tile[r][c] = in[g];
  tile_barrier_wait();
  out[g] = tile[r][c % 2];
}
