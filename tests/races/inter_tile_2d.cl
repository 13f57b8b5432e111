// EXPECT-ONE: inter-tile-race @ 16, 15
// EXPECT-ONE: inter-tile-race @ 15, 16
// EXPECT-MAYBE: inter-tile-race @ 17
// EXPECT-MAYBE: inter-tile-race @ 16, 17
// EXPECT-MAYBE: inter-tile-race @ 17, 16
// EXPECT-MAYBE: read-after-write @ 16
// EXPECT-MAYBE: write-after-read @ 15, 16
// EXPECT-MAYBE: write-after-read @ 17
// EXPECT-MAYBE: read-after-write @ 17
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
