// EXPECT: race-free
// oob_tile_2d_inner fixed: the same element, reached with the column carried into
// the row (tile[r + (c + 1) / 4][(c + 1) % 4]), so every subscript is within its
// dimension.
#include <ampcl.clh>

__kernel void oob_tile_2d_inner_fixed(__global const float* in, __global float* out) {
  tile_static float tile[4][4];
  tiled_index2 t = amp_tiled_index2();
  const int r = t.local_[0], c = t.local_[1];
  const int g = t.global_[0] * 8 + t.global_[1];
  tile[r][c] = in[g];
  tile_barrier_wait();
  out[g] = r < 3 ? tile[r + (c + 1) / 4][(c + 1) % 4] : tile[r][c];
}
