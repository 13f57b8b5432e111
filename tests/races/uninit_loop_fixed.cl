// EXPECT: race-free
// uninit_loop with every row loaded: the tile's writes cover the array before the
// barrier, so the loop takes its fast copy (bounds checks only) and nothing is
// reported.
#include <ampcl.clh>

__kernel void uninit_loop_fixed(__global const float* in, __global float* out) {
  tile_static float tile[4][4];
  tiled_index2 t = amp_tiled_index2();
  const int r = t.local_[0], c = t.local_[1];
  const int g = t.global_[0] * 8 + t.global_[1];
  tile[r][c] = in[g];
  tile_barrier_wait();
  float sum = 0.0f;
  for (int k = 0; k < 4; ++k)
    sum += tile[k][c];
  out[g] = sum;
}
