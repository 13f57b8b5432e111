// EXPECT: race-free
// A tile_static array of float4: each work-item reads a component of its neighbour's
// vector after a barrier.
#include <ampcl.clh>

__kernel void vector_tile_fixed(__global const float* in, __global float* out) {
  tile_static float4 v[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  const float x = in[g];
  v[me] = (float4)(x, x + 1.0f, x + 2.0f, x + 3.0f);
  tile_barrier_wait();
  out[g] = v[(me + 1) % 16].y;
}
