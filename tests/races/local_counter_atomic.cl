// EXPECT: race-free
// Counting the even inputs of a tile in a tile_static counter with atomic_inc.
#include <ampcl.clh>

__kernel void local_counter_atomic(__global const int* in, __global int* counts) {
  tile_static int count;
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  if (me == 0) {
    count = 0;
  }
  tile_barrier_wait();
  if (in[g] % 2 == 0) {
    atomic_inc(&count);
  }
  tile_barrier_wait();
  if (me == 0) {
    counts[t.tile[0]] = count;
  }
}
