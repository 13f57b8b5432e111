// EXPECT: inter-tile-race @ 15
// EXPECT-ONE: write-after-write @ 15
// EXPECT-ONE: read-after-write @ 15
// EXPECT-ONE: write-after-read @ 15
// Counting with a plain `+= 1` on global memory: work-items of one tile race with
// each other (no global fence between them) and with other tiles. Which pairing
// each shows depends on the schedule: on GPUs other tiles' updates often come
// between two of one tile's, so its write-after-write may show only as a read
// pairing.
#include <ampcl.clh>

__kernel void counter_global(__global const int* in, __global int* count) {
  tiled_index1 t = amp_tiled_index1();
  if (in[t.global_[0]] > 0) {
    count[0] += 1;
  }
}
