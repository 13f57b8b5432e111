// EXPECT: read-after-write @ 17
// EXPECT-MAYBE: uninitialized-read @ 17
// The tile's last work-item sums the tile_static array by walking a pointer; with no
// barrier, the slots of the others may not be written yet.
#include <ampcl.clh>

__kernel void pointer_walk(__global const int* in, __global int* sums) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  slots[15 - me] = in[g];
  if (me == 15) {
    int s = 0;
    __local const int* p = slots;
    for (int i = 0; i < 16; ++i) {
      s += *p++;
    }
    sums[t.tile[0]] = s;
  }
}
