// EXPECT: write-after-write @ 13, 13
// One tile_static element per column, stored through the column alone: the tile is
// four work-items tall, so the four work-items of a column store the same element,
// each its own value. The store is the only access to `row` before the barrier (a
// quiet store), but its subscript names one of the tile's two dimensions: the
// checker checks it as any other store. The fixed twin keeps a row per work-item row.
#include <ampcl.clh>

__kernel void quiet_store_narrow(__global const float* in, __global float* out) {
  tile_static float row[4];
  tiled_index2 t = amp_tiled_index2();
  const int c = t.local_[1], g = t.global_[0] * 8 + t.global_[1];
  row[c] = in[g];
  tile_barrier_wait();
  out[g] = row[3 - c];
}
