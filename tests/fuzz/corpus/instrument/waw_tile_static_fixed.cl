// EXPECT: race-free
// waw_tile_static with one writer chosen explicitly.
#include <ampcl.clh>

__kernel void waw_tile_static_fixed(__global int* out) {
  tile_static int last;
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  out[t.global_[0]] = 0;
  if (me == 15) {
    last = me;
  }
  tile_barrier_wait();
  if (me == 0) {
    out[t.global_[0]] = last;
  }
}
