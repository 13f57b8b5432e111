// EXPECT: read-after-write @ 6, 12
// EXPECT-MAYBE: uninitialized-read @ 6
// EXPECT-MAYBE: write-after-read @ 12, 6
// A helper reads a neighbour's tile_static slot through a pointer, with no barrier.
#include <ampcl.clh>
float previous(__local const float* p, int i) { return p[(i + 15) % 16]; }

__kernel void helper_race(__global const float* in, __global float* out) {
  tile_static float slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  slots[me] = in[t.global_[0]];
  out[t.global_[0]] = previous(slots, me);
}
