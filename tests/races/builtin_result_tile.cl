// EXPECT: read-after-write @ 14, 13
// EXPECT-MAYBE: uninitialized-read @ 14
// EXPECT-MAYBE: write-after-read @ 13, 14
// sincos returns the cosine through its pointer argument, here into the work-item's
// own tile_static slot, which its left-hand neighbour reads with no barrier.
#include <ampcl.clh>

__kernel void builtin_result_tile(__global const float* in, __global float* out) {
  tile_static float cosines[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  const float s = sincos(in[g], &cosines[me]);
  out[g] = s + cosines[(me + 1) % 16];
}
