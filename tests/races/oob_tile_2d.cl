// EXPECT: out-of-bounds @ 16
// EXPECT: subscript-out-of-range @ 16
// A 4x4 tile_static array indexed with a column one past the row's end: in rows 0-2 the
// address stays inside the array (it is the next row's first element) but the index is
// outside its dimension (subscript-out-of-range); in row 3 it leaves the array
// (out-of-bounds).
#include <ampcl.clh>

__kernel void oob_tile_2d(__global const float* in, __global float* out) {
  tile_static float tile[4][4];
  tiled_index2 t = amp_tiled_index2();
  const int r = t.local_[0], c = t.local_[1];
  const int g = t.global_[0] * 8 + t.global_[1];
  tile[r][c] = in[g];
  tile_barrier_wait();
  out[g] = tile[r][c + 1];
}
