// EXPECT: write-after-write @ 12, 11
// The first work-item of a tile resets its tile's counter with a plain store, then every
// work-item adds atomically, with no barrier between: the reset races with the others'
// adds. (The first work-item's own add must not hide its reset.)
#include <ampcl.clh>

__kernel void plain_then_atomic(__global int* counts) {
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int slot = t.tile[0];
  if (me == 0) counts[slot] = 0;
  atomic_dec(&counts[slot]);
}
