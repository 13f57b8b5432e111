// EXPECT: inter-tile-race @ 13
// inter_tile_global in a program of several kernels: the kernels without
// tile_static memory are instrumented together in one program, and the one
// launched here has fewer buffers than its neighbour, so its context has a slot
// it does not use. Its race must be found as if it were alone.
#include <ampcl.clh>

__kernel void kernels_together(__global const int* in, __global int* winner) {
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int x = in[t.global_[0]];
  if (me == 0) {
    winner[0] = t.tile[0] + x;
  }
}

// Instrumented with it (no tile_static memory), not launched: three buffers.
__kernel void scale_into(__global const int* a, __global const int* b, __global int* out) {
  const size_t i = get_global_id(0);
  out[i] = a[i] * b[i];
}

// Left with its hooks off (tile_static memory: a program of its own when launched).
__kernel void tile_sum(__global const int* in, __global int* out) {
  tile_static int part[16];
  part[get_local_id(0)] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0) out[get_group_id(0)] = part[0] + part[15];
}
