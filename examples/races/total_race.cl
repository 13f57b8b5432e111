#include <ampcl.clh>

// The documents' race ("Using Tiles", "Race conditions"): every work-item of a tile
// adds its element to one tile_static variable, in no particular order.
//
//   // Do not do this.
//   tile_static float total;
//   total += matrix[t_idx];
//   t_idx.barrier.wait();
//   averages(t_idx.tile[0],t_idx.tile[1]) /= (float) (SAMPLESIZE * SAMPLESIZE);
//
// Two problems, as the documents say: a tile_static variable cannot have an
// initializer, so the first `+=` reads a value nothing wrote; and the `+=` of the
// tile's work-items race with each other (read-modify-write of `total` with no
// barrier between them). The documents' fragment ends with every work-item
// dividing averages(tile); here only the tile's first work-item stores the
// result, so the race left is the documented one, on `total`.
//
// Launched by total_race.sim: the 8x8 matrix of SamplingExample in 2x2 tiles.
// Plain __global pointers (no AMPCL_VIEW) so that a .sim file can bind them.

#ifndef MATRIXSIZE
#define MATRIXSIZE 8
#endif
#ifndef SAMPLESIZE
#define SAMPLESIZE 2
#endif

__kernel void total_race(__global const float* matrix, __global float* averages) {
  tiled_index2 t_idx = amp_tiled_index2();

  // Do not do this.
  tile_static float total;
  total += matrix[t_idx.global_[0] * MATRIXSIZE + t_idx.global_[1]];
  tile_barrier_wait();

  if (t_idx.local_[0] == 0 && t_idx.local_[1] == 0) {
    averages[t_idx.tile[0] * (MATRIXSIZE / SAMPLESIZE) + t_idx.tile[1]] =
        total / (float)(SAMPLESIZE * SAMPLESIZE);
  }
}
