// EXPECT-ONE: inter-tile-race @ 16, 13
// EXPECT-ONE: inter-tile-race @ 13, 16
// Every tile adds atomically to a global total; its first work-item then reads the
// total with a plain load: other tiles are still adding (atomics do not order plain
// accesses).
#include <ampcl.clh>

__kernel void atomic_mixed(__global const int* in, __global int* total, __global int* seen) {
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  const int slot = 0;
  atomic_add(&total[slot], in[g]);
  tile_barrier_wait();
  if (me == 0) {
    seen[t.tile[0]] = total[slot];
  }
}
