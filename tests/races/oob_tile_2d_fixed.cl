// EXPECT: race-free
// A 4x4 tile_static array indexed with a column one past the row's end: the address
// stays inside the array (it is the next row's first element) but the index is out of
// bounds; fixed: the column wraps.
#include <ampcl.clh>

__kernel void oob_tile_2d_fixed(__global const float* in, __global float* out) {
  tile_static float tile[4][4];
  tiled_index2 t = amp_tiled_index2();
  const int r = t.local_[0], c = t.local_[1];
  const int g = t.global_[0] * 8 + t.global_[1];
  tile[r][c] = in[g];
  tile_barrier_wait();
  out[g] = tile[r][(c + 1) % 4];
}
