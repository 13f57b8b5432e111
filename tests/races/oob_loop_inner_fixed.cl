// EXPECT: race-free
// oob_loop_inner with the column wrapped into the row: every test made before the
// loop holds, and the fast copy runs with nothing to report.
#include <ampcl.clh>

__kernel void oob_loop_inner_fixed(__global const float* in, __global float* out) {
  tile_static float tile[4][4];
  tiled_index2 t = amp_tiled_index2();
  const int r = t.local_[0], c = t.local_[1];
  const int g = t.global_[0] * 8 + t.global_[1];
  tile[r][c] = in[g];
  tile_barrier_wait();
  const int col = (c + 1) & 3;
  float sum = 0.0f;
  for (int k = 0; k < 3; ++k)
    sum += tile[k][col];
  out[g] = sum;
}
