// EXPECT: race-free
// The documents' SamplingExample (SAMPLESIZE 2) with t_idx.barrier.wait(): race-free.
// Averages 4.5 6.5 ... 58.5.
#include <ampcl.clh>

__kernel void sampling_full_fence(__global const float* matrix, __global float* averages) {
  tile_static float tileValues[2][2];
  tiled_index2 t = amp_tiled_index2();
  tileValues[t.local_[0]][t.local_[1]] = matrix[t.global_[0] * 8 + t.global_[1]];
  tile_barrier_wait();
  if (t.local_[0] == 0 && t.local_[1] == 0) {
    float sum = 0.0f;
    for (int trow = 0; trow < 2; trow++) {
      for (int tcol = 0; tcol < 2; tcol++) {
        sum += tileValues[trow][tcol];
      }
    }
    averages[t.tile[0] * 4 + t.tile[1]] = sum / (float)(2 * 2);
  }
}
