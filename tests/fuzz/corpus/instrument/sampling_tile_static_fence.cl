// EXPECT: race-free
// SamplingExample: tile averages of an 8x8 matrix over tile_static memory.
#include <ampcl.clh>

__kernel void sampling_tile_static_fence(__global const float* matrix, __global float* averages) {
  tile_static float nums[AMPCL_TILE0][AMPCL_TILE1];
  tiled_index2 t = amp_tiled_index2();
  const int r = t.local_[0];
  const int c = t.local_[1];
  nums[r][c] = matrix[t.global_[0] * 8 + t.global_[1]];
  tile_barrier_wait_with_tile_static_memory_fence();
  float sum = 0.0f;
  if (r == 0 && c == 0) {
    for (int i = 0; i < AMPCL_TILE0; ++i) {
      for (int j = 0; j < AMPCL_TILE1; ++j) {
        sum += nums[i][j];
      }
    }
    averages[t.tile[0] * (8 / AMPCL_TILE1) + t.tile[1]] = sum / (AMPCL_TILE0 * AMPCL_TILE1);
  }
}
