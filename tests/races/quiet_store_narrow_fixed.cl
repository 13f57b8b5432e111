// EXPECT: race-free
// quiet_store_narrow with a row per work-item row: each work-item stores its own
// element (the subscripts name both of the tile's dimensions), so the checker needs
// to note only that the element was written.
#include <ampcl.clh>

__kernel void quiet_store_narrow_fixed(__global const float* in, __global float* out) {
  tile_static float rows[4][4];
  tiled_index2 t = amp_tiled_index2();
  const int r = t.local_[0], c = t.local_[1], g = t.global_[0] * 8 + t.global_[1];
  rows[r][c] = in[g];
  tile_barrier_wait();
  out[g] = rows[r][3 - c];
}
