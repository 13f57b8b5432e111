// EXPECT: uninitialized-read @ 14
// Half of each tile's columns stored, every column read after the barrier: work-items
// in columns 0 and 1 read columns 3 and 2, which nothing wrote. The stores are quiet
// (one element per work-item, nothing else in their interval) and mark only the
// elements they store. The fixed twin stores every column.
#include <ampcl.clh>

__kernel void quiet_store_partial(__global const float* in, __global float* out) {
  tile_static float tile[4][4];
  tiled_index2 t = amp_tiled_index2();
  const int r = t.local_[0], c = t.local_[1], g = t.global_[0] * 8 + t.global_[1];
  if (c < 2) tile[r][c] = in[g];
  tile_barrier_wait();
  out[g] = tile[r][3 - c];
}
