// EXPECT: write-after-read @ 17
// EXPECT-MAYBE: read-after-write @ 15
// Iterated 3-point smoothing in tile_static memory: one barrier per step, so a
// work-item updates its cell while its neighbours may still read the old value.
#include <ampcl.clh>

__kernel void jacobi_1d(__global const int* in, __global int* out) {
  tile_static int cell[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  cell[me] = in[g];
  tile_barrier_wait();
  for (int step = 0; step < 4; ++step) {
    const int left = cell[me > 0 ? me - 1 : me];
    const int right = cell[me < 15 ? me + 1 : me];
    cell[me] = (left + right) / 2;
    tile_barrier_wait();
  }
  out[g] = cell[me];
}
