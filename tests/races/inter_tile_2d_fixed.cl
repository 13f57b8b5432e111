// EXPECT: race-free
// A 2-D stencil that reads the right neighbour's output in the same launch; fixed: it
// reads the input instead.
#include <ampcl.clh>

__kernel void inter_tile_2d_fixed(__global const float* in, __global float* out) {
  tiled_index2 t = amp_tiled_index2();
  const int i = t.global_[0], j = t.global_[1];
  out[i * 8 + j] = in[i * 8 + j];
  const float right = j < 7 ? in[i * 8 + j + 1] : 0.0f;
  out[i * 8 + j] += right;
}
