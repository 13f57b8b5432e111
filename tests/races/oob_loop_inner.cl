// EXPECT: subscript-out-of-range @ 17
// oob_tile_2d_inner inside a loop the checker compiles twice: the column c + 1 holds
// through the loop, so its test is made once before it; for c = 3 it fails, the
// loop takes the checked copy, and the out-of-range column is reported.
#include <ampcl.clh>

__kernel void oob_loop_inner(__global const float* in, __global float* out) {
  tile_static float tile[4][4];
  tiled_index2 t = amp_tiled_index2();
  const int r = t.local_[0], c = t.local_[1];
  const int g = t.global_[0] * 8 + t.global_[1];
  tile[r][c] = in[g];
  tile_barrier_wait();
  const int col = c + 1;
  float sum = 0.0f;
  for (int k = 0; k < 3; ++k)
    sum += tile[k][col];
  out[g] = sum;
}
