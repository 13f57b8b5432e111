// EXPECT: write-after-write @ 11
// Every work-item of the tile writes its own index to one tile_static variable:
// which value survives depends on scheduling.
#include <ampcl.clh>

__kernel void waw_tile_static(__global int* out) {
  tile_static int last;
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  out[t.global_[0]] = 0;
  last = me;
  tile_barrier_wait();
  if (me == 0) {
    out[t.global_[0]] = last;
  }
}
