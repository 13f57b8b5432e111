#include <ampcl.clh>

// A histogram of `data` into BINS bins (a -D definition). Each tile counts into
// its own tile_static bins, where atomics are cheap, then adds its counts to the
// global bins: one global atomic per bin and tile instead of one per element.
__kernel void histogram(AMPCL_VIEW(const uint, data), AMPCL_VIEW(int, bins)) {
  tiled_index1 t_idx = amp_tiled_index1();
  const int lid = t_idx.local_[0];
  tile_static int tile_bins[BINS];
  for (int b = lid; b < BINS; b += AMPCL_TILE0) tile_bins[b] = 0;
  // The zeros are in place before any work-item counts.
  tile_barrier_wait_with_tile_static_memory_fence();

  const int i = t_idx.global_[0];
  if (i < AV_EXTENT(data, 0))  // the launch is padded to whole tiles
    atomic_fetch_add(&tile_bins[AV1(data, i) % BINS], 1);
  // Every count of the tile is in before the totals are read.
  tile_barrier_wait_with_tile_static_memory_fence();

  // Other tiles add to the same global bins: only atomics make that race-free.
  for (int b = lid; b < BINS; b += AMPCL_TILE0)
    if (tile_bins[b] != 0) atomic_fetch_add(&AV1(bins, b), tile_bins[b]);
}
