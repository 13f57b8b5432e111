// EXPECT: race-free
// cas_reader fixed: work-item 1 exchanges the values atomically (atomic_xchg), and
// atomics never race with atomics, a failed compare-exchange's read included.
#include <ampcl.clh>

__kernel void cas_reader_fixed(__global int* out) {
  tile_static int flag;
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  __global int* word = out + 64 + t.tile[0];
  if (me == 0) flag = 1;
  tile_barrier_wait();
  if (me == 0) atomic_cmpxchg(&flag, 0, 2);
  if (me == 0) atomic_cmpxchg(word, 5, 6);
  if (me == 1) atomic_xchg(&flag, 3);
  if (me == 1) atomic_xchg(word, 4);
  tile_barrier_wait();
  out[t.global_[0]] = flag;
}
