// EXPECT: race-free
// Every tile adds atomically to a global total; its first work-item then reads the
// total with a plain load: here each tile has its own total, so the barrier orders the
// read after all the adds.
#include <ampcl.clh>

__kernel void atomic_mixed_fixed(__global const int* in, __global int* total, __global int* seen) {
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  const int slot = t.tile[0];
  atomic_add(&total[slot], in[g]);
  tile_barrier_wait();
  if (me == 0) {
    seen[t.tile[0]] = total[slot];
  }
}
