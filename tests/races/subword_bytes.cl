// EXPECT: write-after-write @ 12, 12
// As subword_bytes_fixed, but two work-items write each byte, different values:
// the same byte, unordered.
#include <ampcl.clh>

__kernel void subword_bytes(__global int* out) {
  tile_static int packed[4];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  if (me < 4) packed[me] = 0;
  tile_barrier_wait();
  ((__local uchar*)packed)[me / 2] = (uchar)me;
  tile_barrier_wait();
  if (me < 4) out[t.global_[0]] = packed[me];
}
