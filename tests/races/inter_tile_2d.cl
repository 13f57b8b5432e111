// EXPECT-ONE: inter-tile-race @ 18, 17
// EXPECT-ONE: inter-tile-race @ 17, 18
// EXPECT-MAYBE: inter-tile-race @ 19
// EXPECT-MAYBE: inter-tile-race @ 18, 19
// EXPECT-MAYBE: inter-tile-race @ 19, 18
// EXPECT-MAYBE: read-after-write @ 18
// EXPECT-MAYBE: write-after-read @ 17, 18
// EXPECT-MAYBE: write-after-read @ 19
// EXPECT-MAYBE: read-after-write @ 19
// A 2-D stencil that reads the right neighbour's output in the same launch: at tile
// edges the neighbour belongs to another tile, which no barrier orders.
#include <ampcl.clh>

__kernel void inter_tile_2d(__global const float* in, __global float* out) {
  tiled_index2 t = amp_tiled_index2();
  const int i = t.global_[0], j = t.global_[1];
  out[i * 8 + j] = in[i * 8 + j];
  const float right = j < 7 ? out[i * 8 + j + 1] : 0.0f;
  out[i * 8 + j] += right;
}
