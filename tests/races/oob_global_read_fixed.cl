// EXPECT: race-free
// Each work-item averages its element with the next; the last reads past the end of
// `in`; fixed: bounds check against n.
#include <ampcl.clh>

__kernel void oob_global_read_fixed(__global const float* in, __global float* out, int n) {
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  const float next = g + 1 < n ? in[g + 1] : in[g];
  out[g] = (in[g] + next) * 0.5f;
}
