// EXPECT: race-free
// barrier_loop's twin: 3,000 barrier intervals in one launch (more than a small
// barrier counter holds), each work-item writing its own tile_static and global
// slots, waiting, reading its neighbour's and waiting again, every time. A
// checker whose epoch saturates or wraps reports phantom races here.
#include <ampcl.clh>

__kernel void barrier_loop_fixed(__global int* scratch, __global int* out) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0], base = t.global_[0] - me, next = (me + 1) % 16;
  int sum = 0;
  for (int i = 0; i < 3000; ++i) {
    slots[me] = i + me;
    scratch[t.global_[0]] = i - me;
    tile_barrier_wait();
    sum += slots[next];
    sum += scratch[base + next];
    tile_barrier_wait();
  }
  out[t.global_[0]] = sum;
}
