#include <ampcl.clh>

// The documents' race-free alternative ("Using Tiles", "Race conditions"): only
// one work-item touches `total` between two barriers.
//
//   tile_static float total;
//   if (t_idx.local[0] == 0 && t_idx.local[1] == 0) {
//       total = matrix[t_idx];
//   }
//   t_idx.barrier.wait();
//   if (t_idx.local[0] == 0 && t_idx.local[1] == 1) {
//       total += matrix[t_idx];
//   }
//   t_idx.barrier.wait();
//   // etc.
//
// The "etc." is a loop over the tile's positions in row-major order: at step k the
// work-item whose local index is k adds its element, then the whole tile waits.
// Every work-item runs every step, so all reach the same barriers. Race-free, but it
// serializes the tile (SAMPLESIZE * SAMPLESIZE barriers): the documents' point is
// that this does not scale.
//
// Launched by total_serial.sim with the same data as total_race.sim.

#ifndef MATRIXSIZE
#define MATRIXSIZE 8
#endif
#ifndef SAMPLESIZE
#define SAMPLESIZE 2
#endif

__kernel void total_serial(__global const float* matrix, __global float* averages) {
  tiled_index2 t_idx = amp_tiled_index2();
  const int my_turn = t_idx.local_[0] * SAMPLESIZE + t_idx.local_[1];

  tile_static float total;
  for (int turn = 0; turn < SAMPLESIZE * SAMPLESIZE; turn++) {
    if (turn == my_turn) {
      const float value = matrix[t_idx.global_[0] * MATRIXSIZE + t_idx.global_[1]];
      if (turn == 0) {
        total = value;
      } else {
        total += value;
      }
    }
    tile_barrier_wait();
  }

  if (t_idx.local_[0] == 0 && t_idx.local_[1] == 0) {
    averages[t_idx.tile[0] * (MATRIXSIZE / SAMPLESIZE) + t_idx.tile[1]] =
        total / (float)(SAMPLESIZE * SAMPLESIZE);
  }
}
