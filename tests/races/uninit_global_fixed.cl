// EXPECT: race-free
// The launch leaves `scratch` uninitialized (noinit in the .sim file): each work-item
// writes its own element, and after the barrier reads its tile neighbour's, which is
// written by then.
#include <ampcl.clh>

__kernel void uninit_global_fixed(__global const int* in, __global int* scratch,
                                  __global int* out) {
  tiled_index1 t = amp_tiled_index1();
  const int g = t.global_[0];
  scratch[g] = in[g];
  tile_barrier_wait();
  out[g] = scratch[t.tile_origin[0] + (t.local_[0] + 1) % 16];
}
