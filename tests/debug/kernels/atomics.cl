// EXPECT: race-free
// Atomics never race with atomics: a tile_static counter (initialized, then
// fenced) and one global total updated by every tile.
#include <ampcl.clh>

__kernel void atomics(__global const int* in, __global int* total) {
  tile_static int count;
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  if (me == 0) {
    count = 0;
  }
  tile_barrier_wait();
  if (in[t.global_[0]] % 2 == 0) {
    atomic_inc(&count);
  }
  atomic_add(&total[1], 1);
  tile_barrier_wait();
  if (me == 0) {
    atomic_add(&total[0], count);
  }
}
