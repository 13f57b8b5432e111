#include <ampcl.clh>

// SamplingExample's lambda, [=, &averages](tiled_index<SAMPLESIZE, SAMPLESIZE> t_idx).
// SAMPLESIZE comes from the host (-DSAMPLESIZE=n) and equals the tile size.
__kernel void sampling_average(AMPCL_VIEW(const float, matrix), AMPCL_VIEW(float, averages)) {
  tiled_index2 t_idx = amp_tiled_index2();
  // Copy the values of the tile into a tile-sized array.
  tile_static float tileValues[SAMPLESIZE][SAMPLESIZE];
  tileValues[t_idx.local_[0]][t_idx.local_[1]] = AV2_AT(matrix, t_idx.global_);

  // Wait for the tile-sized array to load before you calculate the average.
  tile_barrier_wait();

  // If you remove the if statement, then the calculation executes for every
  // thread in the tile, and makes the same assignment to averages each time.
  if (t_idx.local_[0] == 0 && t_idx.local_[1] == 0) {
    for (int trow = 0; trow < SAMPLESIZE; trow++) {
      for (int tcol = 0; tcol < SAMPLESIZE; tcol++) {
        AV2(averages, t_idx.tile[0], t_idx.tile[1]) += tileValues[trow][tcol];
      }
    }
    AV2(averages, t_idx.tile[0], t_idx.tile[1]) /= (float)(SAMPLESIZE * SAMPLESIZE);
  }
}

// "Using a tile_static memory fence": the same, with
// t_idx.barrier.wait_with_tile_static_memory_fence(). The barrier only orders the
// writes to tileValues, which are tile_static memory.
__kernel void sampling_average_tile_static_fence(AMPCL_VIEW(const float, matrix),
                                                 AMPCL_VIEW(float, averages)) {
  tiled_index2 t_idx = amp_tiled_index2();
  // Copy the values of the tile into a tile-sized array.
  tile_static float tileValues[SAMPLESIZE][SAMPLESIZE];
  tileValues[t_idx.local_[0]][t_idx.local_[1]] = AV2_AT(matrix, t_idx.global_);

  // Wait for the tile-sized array to load before calculating the average.
  tile_barrier_wait_with_tile_static_memory_fence();

  // If you remove the if statement, then the calculation executes for every
  // thread in the tile, and makes the same assignment to averages each time.
  if (t_idx.local_[0] == 0 && t_idx.local_[1] == 0) {
    for (int trow = 0; trow < SAMPLESIZE; trow++) {
      for (int tcol = 0; tcol < SAMPLESIZE; tcol++) {
        AV2(averages, t_idx.tile[0], t_idx.tile[1]) += tileValues[trow][tcol];
      }
    }
    AV2(averages, t_idx.tile[0], t_idx.tile[1]) /= (float)(SAMPLESIZE * SAMPLESIZE);
  }
}
