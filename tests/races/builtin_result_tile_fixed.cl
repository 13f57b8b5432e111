// EXPECT: race-free
// sincos returns the cosine through its pointer argument, here into the work-item's
// own tile_static slot; the barrier orders it before the neighbour's read.
#include <ampcl.clh>

__kernel void builtin_result_tile_fixed(__global const float* in, __global float* out) {
  tile_static float cosines[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  const float s = sincos(in[g], &cosines[me]);
  tile_barrier_wait();
  out[g] = s + cosines[(me + 1) % 16];
}
