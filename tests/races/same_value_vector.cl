// EXPECT: write-after-write @ 9, 9
// EXPECT: inter-tile-race @ 9, 9
// As same_value_vector_fixed, but one component is the work-item's own.
#include <ampcl.clh>

__kernel void same_value_vector(__global int4* out) {
  tiled_index1 t = amp_tiled_index1();
  const int g = t.global_[0];
  out[0] = (int4)(1, 2, g, 4);
  out[1 + g] = (int4)(g);
}
