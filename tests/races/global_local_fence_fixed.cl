// EXPECT: race-free
// Work-items of a tile exchange values through global memory across a barrier whose
// fence covers global memory.
#include <ampcl.clh>

__kernel void global_local_fence_fixed(__global const int* in, __global int* scratch, __global int* out) {
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  scratch[g] = in[g] + 1;
  tile_barrier_wait_with_global_memory_fence();
  out[g] = scratch[g ^ 1];
}
