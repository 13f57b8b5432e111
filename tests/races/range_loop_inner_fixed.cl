// EXPECT: race-free
// range_loop_inner fixed: the loop stops at the last column (k < 4).
#include <ampcl.clh>

__kernel void range_loop_inner_fixed(__global const float* in, __global float* out) {
  tile_static float tile[4][4];
  tiled_index2 t = amp_tiled_index2();
  tile[t.local_[0]][t.local_[1]] = in[t.global_[0] * 8 + t.global_[1]];
  tile_barrier_wait();
  float sum = 0.0f;
  for (int k = 0; k < 4; ++k)
    sum += tile[0][k];
  out[t.global_[0] * 8 + t.global_[1]] = sum;
}
