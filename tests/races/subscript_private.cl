// EXPECT: subscript-out-of-range @ 15
// EXPECT: subscript-out-of-range @ 16
// A private array indexed by the work-item's id (Oclgrind's memcheck/static_array):
// work-items 4..7 index window[4..7] of a 4-element array, past its end on the
// stack. ampcl checks private memory by subscript (it has no shadow), so the store
// and the load are both reported, and the index that would leave the variable is
// replaced by 0 so that the stray store cannot land in the checker's own state.
#include <ampcl.clh>

__kernel void subscript_private(__global const int* in, __global int* out) {
  int window[4] = {0, 0, 0, 0};
  tiled_index1 t = amp_tiled_index1();
  const int i = t.global_[0];
  const int k = i % 8;
  window[k] = in[i];
  out[i] = window[k] + window[0];
}
