// EXPECT: race-free
// Every work-item of the tile reads the tile's global value; a barrier with the global
// fence orders the reads before the first work-item overwrites it.
#include <ampcl.clh>

__kernel void hidden_read_fence_fixed(__global int* values, __global int* out) {
  tiled_index1 t = amp_tiled_index1();
  out[t.global_[0]] = values[t.tile[0]];
  tile_barrier_wait_with_global_memory_fence();
  if (t.local_[0] == 0) {
    values[t.tile[0]] = -1;
  }
}
