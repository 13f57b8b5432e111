// EXPECT: inter-tile-race @ 13
// EXPECT: write-after-write @ 13
// EXPECT-MAYBE: read-after-write @ 13
// EXPECT-MAYBE: write-after-read @ 13
// Counting with a plain `+= 1` on global memory: work-items of one tile race
// with each other (no global fence between them) and with other tiles.
// Which of read/write order each pair shows depends on scheduling.
#include <ampcl.clh>

__kernel void counter_global(__global const int* in, __global int* count) {
  tiled_index1 t = amp_tiled_index1();
  if (in[t.global_[0]] > 0) {
    count[0] += 1;
  }
}
