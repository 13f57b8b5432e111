// EXPECT: race-free
// Work-items of a tile exchange values through global memory (pairs swap), with a
// barrier whose fence covers global memory.
#include <ampcl.clh>

__kernel void raw_global_tile_fixed(__global const int* in, __global int* scratch, __global int* out) {
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  scratch[g] = in[g] * 2;
  tile_barrier_wait_with_global_memory_fence();
  out[g] = scratch[g ^ 1];
}
