// EXPECT: race-free
// Every work-item of every tile reads the same global and tile_static elements: many
// readers, no writer, no race.
#include <ampcl.clh>

__kernel void broadcast_read(__global const int* in, __global int* shared_in, __global int* out) {
  tile_static int first;
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  if (me == 0) {
    first = in[t.tile[0] * 16];
  }
  tile_barrier_wait();
  out[g] = first + shared_in[0] + shared_in[1];
}
