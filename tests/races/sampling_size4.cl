// EXPECT: race-free
// SamplingExample with SAMPLESIZE 4: averages 13.5 17.5 / 45.5 49.5.
#include <ampcl.clh>

__kernel void sampling_size4(__global const float* matrix, __global float* averages) {
  tile_static float tileValues[4][4];
  tiled_index2 t = amp_tiled_index2();
  tileValues[t.local_[0]][t.local_[1]] = matrix[t.global_[0] * 8 + t.global_[1]];
  tile_barrier_wait();
  if (t.local_[0] == 0 && t.local_[1] == 0) {
    float sum = 0.0f;
    for (int trow = 0; trow < 4; trow++) {
      for (int tcol = 0; tcol < 4; tcol++) {
        sum += tileValues[trow][tcol];
      }
    }
    averages[t.tile[0] * 2 + t.tile[1]] = sum / (float)(4 * 4);
  }
}
