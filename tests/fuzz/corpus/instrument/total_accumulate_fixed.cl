// EXPECT: race-free
// The documents' race-free version: one work-item adds per barrier interval,
// so every update is ordered by a barrier.
#include <ampcl.clh>

__kernel void total_accumulate_fixed(__global const int* in, __global int* sums) {
  tile_static int total;
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  if (me == 0) {
    total = 0;
  }
  tile_barrier_wait();
  const int x = in[t.global_[0]];
  for (int turn = 0; turn < 16; ++turn) {
    if (me == turn) {
      total += x;
    }
    tile_barrier_wait();
  }
  if (me == 0) {
    sums[t.tile[0]] = total;
  }
}
