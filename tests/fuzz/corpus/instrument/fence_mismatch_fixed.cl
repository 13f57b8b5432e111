// EXPECT: race-free
// fence_mismatch with a barrier whose fence covers tile_static memory.
#include <ampcl.clh>

__kernel void fence_mismatch_fixed(__global const int* in, __global int* out) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  slots[me] = in[t.global_[0]];
  tile_barrier_wait_with_tile_static_memory_fence();
  if (me > 0) {
    out[t.global_[0]] = slots[me - 1];
  }
}
