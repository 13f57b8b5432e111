// EXPECT: subscript-out-of-range @ 15
// A 4x4 tile_static array read at column c + 1 by every row but the last: the
// address never leaves the array (row r, column 4 is row r + 1, column 0), so only
// the per-dimension check sees the out-of-range index, and reports it as its own
// class (the access itself stays inside the array; C still leaves it undefined).
#include <ampcl.clh>

__kernel void oob_tile_2d_inner(__global const float* in, __global float* out) {
  tile_static float tile[4][4];
  tiled_index2 t = amp_tiled_index2();
  const int r = t.local_[0], c = t.local_[1];
  const int g = t.global_[0] * 8 + t.global_[1];
  tile[r][c] = in[g];
  tile_barrier_wait();
  out[g] = r < 3 ? tile[r][c + 1] : tile[r][c];
}
