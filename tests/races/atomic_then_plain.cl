// EXPECT: read-after-write @ 12, 11
// Every work-item of a tile adds to its tile's counter atomically; the last one then
// reads the counter with a plain load and no barrier: the others' atomic adds are not
// ordered before it. (Its own atomic add came last and must not hide theirs.)
#include <ampcl.clh>

__kernel void atomic_then_plain(__global int* counts, __global int* seen) {
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int slot = t.tile[0];
  atomic_inc(&counts[slot]);
  if (me == 15) seen[slot] = counts[slot];
}
