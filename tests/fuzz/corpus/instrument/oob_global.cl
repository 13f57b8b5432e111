// EXPECT: out-of-bounds @ 10
// Shifts a buffer right by one without a bounds check: the last work-item
// writes one element past the end of `out`.
#include <ampcl.clh>

__kernel void oob_global(__global const float* in, __global float* out) {
  tiled_index1 t = amp_tiled_index1();
  const int i = t.global_[0];
  const float v = in[i];
  out[i + 1] = v;
}
