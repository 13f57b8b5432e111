// EXPECT: inter-tile-race @ 16
// EXPECT-MAYBE: write-after-write @ 16
// EXPECT-MAYBE: read-after-write @ 16
// EXPECT-MAYBE: write-after-read @ 16
// Counting with a plain `+= 1` on global memory: work-items of one tile race with
// each other (no global fence between them) and with other tiles. The shadow
// keeps the last writer and reader, so which pairs show depends on the schedule:
// on CPUs a tile's work-items follow each other (write-after-write); on NVIDIA's
// GPUs other tiles' updates come between any two of one tile's, and only the
// inter-tile race shows (same line, same fix).
#include <ampcl.clh>

__kernel void counter_global(__global const int* in, __global int* count) {
  tiled_index1 t = amp_tiled_index1();
  if (in[t.global_[0]] > 0) {
    count[0] += 1;
  }
}
