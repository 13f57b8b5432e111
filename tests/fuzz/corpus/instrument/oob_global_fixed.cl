// EXPECT: race-free
// oob_global with the bounds check against the buffer's length `n`.
#include <ampcl.clh>

__kernel void oob_global_fixed(__global const float* in, __global float* out, int n) {
  tiled_index1 t = amp_tiled_index1();
  const int i = t.global_[0];
  const float v = in[i];
  if (i + 1 < n) {
    out[i + 1] = v;
  }
}
