// EXPECT: uninitialized-read @ 12
// The launch leaves `scratch` uninitialized (noinit in the .sim file, as Oclgrind's
// launch files have it); each work-item writes its own element but reads its
// neighbour's in the next tile's half, which nobody wrote.
#include <ampcl.clh>

__kernel void uninit_global(__global const int* in, __global int* scratch, __global int* out) {
  tiled_index1 t = amp_tiled_index1();
  const int g = t.global_[0];
  scratch[g] = in[g];
  tile_barrier_wait();
  out[g] = scratch[g + 64];
}
