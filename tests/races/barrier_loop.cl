// EXPECT: read-after-write @ 22
// EXPECT: read-after-write @ 23
// EXPECT-MAYBE: write-after-read @ 19
// EXPECT-MAYBE: write-after-read @ 20
// 3,000 barrier intervals in one launch, more than a small barrier counter
// holds (a checker whose epoch saturates or wraps at 1,024 or 4,096 either
// reports phantom races there or misses this one): each iteration writes the
// work-item's own tile_static and global slots, waits, reads its neighbour's,
// and waits again. At iteration 2,500 every work-item skips the first wait, so
// the reads race with the neighbours' writes of that iteration.
#include <ampcl.clh>

__kernel void barrier_loop(__global int* scratch, __global int* out) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0], base = t.global_[0] - me, next = (me + 1) % 16;
  int sum = 0;
  for (int i = 0; i < 3000; ++i) {
    slots[me] = i + me;
    scratch[t.global_[0]] = i - me;
    if (i != 2500) tile_barrier_wait();
    sum += slots[next];
    sum += scratch[base + next];
    tile_barrier_wait();
  }
  out[t.global_[0]] = sum;
}
