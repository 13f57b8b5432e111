// EXPECT: uninitialized-read @ 15
// Only the first row of each 4x4 tile loads its tile_static row; everyone reads a
// column, so rows 1-3 are read unwritten.
#include <ampcl.clh>

__kernel void uninit_2d(__global const float* in, __global float* out) {
  tile_static float tile[4][4];
  tiled_index2 t = amp_tiled_index2();
  const int r = t.local_[0], c = t.local_[1];
  const int g = t.global_[0] * 8 + t.global_[1];
  if (r == 0) {
    tile[0][c] = in[g];
  }
  tile_barrier_wait();
  out[g] = tile[c][r];
}
