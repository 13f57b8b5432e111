#include <ampcl.clh>

// "Using Tiles", MultiplyWithTiling: each tile of TS x TS work-items computes a
// TS x TS block of the product, staging one block of `a` and one of `b` at a time
// in tile_static memory. TS is the launch's tile size; the host picks extents
// that are multiples of it.
#define TS AMPCL_TILE0

__kernel void multiply_tiled(AMPCL_VIEW(const float, a), AMPCL_VIEW(const float, b),
                             AMPCL_VIEW(float, product)) {
  tiled_index2 t_idx = amp_tiled_index2();
  const int row = t_idx.local_[0];
  const int col = t_idx.local_[1];
  tile_static float locA[TS][TS];
  tile_static float locB[TS][TS];
  float sum = 0.0f;
  for (int i = 0; i < AV_EXTENT(a, 1); i += TS) {
    locA[row][col] = AV2(a, t_idx.global_[0], col + i);
    locB[row][col] = AV2(b, row + i, t_idx.global_[1]);
    // Every element of both blocks is written before anyone reads them.
    tile_barrier_wait_with_tile_static_memory_fence();
    for (int k = 0; k < TS; k++) sum += locA[row][k] * locB[k][col];
    // Everyone is done reading before the next step overwrites the blocks.
    tile_barrier_wait_with_tile_static_memory_fence();
  }
  AV2_AT(product, t_idx.global_) = sum;
}
