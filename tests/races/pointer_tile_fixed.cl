// EXPECT: race-free
// Stores and loads through pointers into a tile_static array, with the barrier between
// them.
#include <ampcl.clh>

__kernel void pointer_tile_fixed(__global const int* in, __global int* out) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  __local int* mine = &slots[me];
  *mine = in[g];
  tile_barrier_wait();
  if (me > 0) {
    __local const int* left = mine - 1;
    out[g] = *left;
  }
}
