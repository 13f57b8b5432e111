// EXPECT: race-free
// range_loop_written fixed: the second read of each pair is element k after the
// body's step, so the reads cover elements 0 to 15.
#include <ampcl.clh>

__kernel void range_loop_written_fixed(__global const float* in, __global float* out) {
  tile_static float tile[16];
  tiled_index1 t = amp_tiled_index1();
  tile[t.local_[0]] = in[t.global_[0]];
  tile_barrier_wait();
  float sum = 0.0f;
  for (int k = 0; k < 16; ++k) {
    sum += tile[k];
    ++k;
    sum += tile[k];
  }
  out[t.global_[0]] = sum;
}
