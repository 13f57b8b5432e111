// EXPECT: race-free
// uninit_tile_static with every slot written before the barrier.
#include <ampcl.clh>

__kernel void uninit_tile_static_fixed(__global const int* in, __global int* out) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  slots[me] = me < 8 ? in[t.global_[0]] : 0;
  tile_barrier_wait();
  out[t.global_[0]] = slots[me];
}
