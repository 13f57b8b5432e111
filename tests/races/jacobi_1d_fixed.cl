// EXPECT: race-free
// Iterated 3-point smoothing in tile_static memory: a barrier after the neighbours are
// read and another after the update.
#include <ampcl.clh>

__kernel void jacobi_1d_fixed(__global const int* in, __global int* out) {
  tile_static int cell[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  cell[me] = in[g];
  tile_barrier_wait();
  for (int step = 0; step < 4; ++step) {
    const int left = cell[me > 0 ? me - 1 : me];
    const int right = cell[me < 15 ? me + 1 : me];
    tile_barrier_wait();
    cell[me] = (left + right) / 2;
    tile_barrier_wait();
  }
  out[g] = cell[me];
}
