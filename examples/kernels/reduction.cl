#include <ampcl.clh>

// One pass of a tiled sum: tile t writes the sum of its AMPCL_TILE0 elements
// (a power of two) to partial[t]. The host runs passes until one value is left.
__kernel void sum_tiles(AMPCL_VIEW(const float, in), AMPCL_VIEW(float, partial)) {
  tiled_index1 t_idx = amp_tiled_index1();
  const int lid = t_idx.local_[0];
  const int i = t_idx.global_[0];
  tile_static float sums[AMPCL_TILE0];
  sums[lid] = i < AV_EXTENT(in, 0) ? AV1(in, i) : 0.0f;  // padding adds nothing
  tile_barrier_wait_with_tile_static_memory_fence();
  // Halve the active work-items each step; the barrier sits outside the `if`,
  // so every work-item of the tile reaches the same barriers (no divergence).
  for (int stride = AMPCL_TILE0 / 2; stride > 0; stride /= 2) {
    if (lid < stride) sums[lid] += sums[lid + stride];
    tile_barrier_wait_with_tile_static_memory_fence();
  }
  if (lid == 0) AV1(partial, t_idx.tile[0]) = sums[0];
}
