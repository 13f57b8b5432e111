// EXPECT: write-after-read @ 19, 17
// EXPECT: write-after-read @ 20, 18
// A failed atomic_cmpxchg writes nothing but reads: work-item 0's compare-exchanges
// find other values (flag is 1, the global word 0) and fail, and work-item 1 then
// overwrites both with plain stores, with no barrier between. An atomic read races
// with another work-item's plain write: write-after-read, on the tile_static flag
// and on the global word.
#include <ampcl.clh>

__kernel void cas_reader(__global int* out) {
  tile_static int flag;
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  __global int* word = out + 64 + t.tile[0];
  if (me == 0) flag = 1;
  tile_barrier_wait();
  if (me == 0) atomic_cmpxchg(&flag, 0, 2);
  if (me == 0) atomic_cmpxchg(word, 5, 6);
  if (me == 1) flag = 3;
  if (me == 1) *word = 4;
  tile_barrier_wait();
  out[t.global_[0]] = flag;
}
