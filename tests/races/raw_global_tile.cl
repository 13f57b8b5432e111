// EXPECT: read-after-write @ 12
// EXPECT-MAYBE: write-after-read @ 11, 12
// Work-items of a tile exchange values through global memory (pairs swap) with no
// barrier.
#include <ampcl.clh>

__kernel void raw_global_tile(__global const int* in, __global int* scratch, __global int* out) {
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  scratch[g] = in[g] * 2;
  out[g] = scratch[g ^ 1];
}
