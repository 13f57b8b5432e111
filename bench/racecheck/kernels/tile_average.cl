#include <ampcl.clh>

/* The documents' SamplingExample at any size: each 4 x 4 tile of `matrix` (n x n)
 * is loaded into tile_static memory and averaged by the tile's first work-item. */
__kernel void tile_average(__global const float* matrix, __global float* averages, int n) {
  tile_static float tileValues[4][4];
  tiled_index2 t = amp_tiled_index2();
  tileValues[t.local_[0]][t.local_[1]] = matrix[t.global_[0] * n + t.global_[1]];
  tile_barrier_wait_with_tile_static_memory_fence();
  if (t.local_[0] == 0 && t.local_[1] == 0) {
    float sum = 0.0f;
    for (int r = 0; r < 4; r++)
      for (int c = 0; c < 4; c++) sum += tileValues[r][c];
    averages[t.tile[0] * (n / 4) + t.tile[1]] = sum / 16.0f;
  }
}
