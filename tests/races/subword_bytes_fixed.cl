// EXPECT: race-free
// Each work-item writes its own byte of a tile_static int array (four work-items
// per int), and of a global int buffer: different bytes of one word are different
// locations.
#include <ampcl.clh>

__kernel void subword_bytes_fixed(__global int* out) {
  tile_static int packed[4];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  ((__local uchar*)packed)[me] = (uchar)me;
  ((__global uchar*)out)[t.global_[0]] = (uchar)me;
  tile_barrier_wait();
  if (me < 4) out[64 + t.global_[0]] = packed[me];
}
