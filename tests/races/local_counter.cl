// EXPECT: write-after-write @ 18
// EXPECT-MAYBE: read-after-write @ 18
// EXPECT-MAYBE: write-after-read @ 18
// Counting the even inputs of a tile in a tile_static counter with a plain `++`:
// read-modify-writes of many work-items at once.
#include <ampcl.clh>

__kernel void local_counter(__global const int* in, __global int* counts) {
  tile_static int count;
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  if (me == 0) {
    count = 0;
  }
  tile_barrier_wait();
  if (in[g] % 2 == 0) {
    count++;
  }
  tile_barrier_wait();
  if (me == 0) {
    counts[t.tile[0]] = count;
  }
}
