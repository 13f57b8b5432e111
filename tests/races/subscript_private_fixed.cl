// EXPECT: race-free
// subscript_private fixed: the index wraps within the 4-element private array
// (i % 4), so every subscript lies inside its dimension.
#include <ampcl.clh>

__kernel void subscript_private_fixed(__global const int* in, __global int* out) {
  int window[4] = {0, 0, 0, 0};
  tiled_index1 t = amp_tiled_index1();
  const int i = t.global_[0];
  const int k = i % 4;
  window[k] = in[i];
  out[i] = window[k] + window[0];
}
