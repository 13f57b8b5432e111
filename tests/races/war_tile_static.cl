// EXPECT: write-after-read @ 16
// EXPECT-MAYBE: read-after-write @ 14
// Each work-item reads its right neighbour's slot, then overwrites its own slot
// with no barrier in between: the neighbour on the left may still be reading it.
// Work-item 15 reads nothing, so where it runs ahead (GPUs) its write comes first.
#include <ampcl.clh>

__kernel void war_tile_static(__global const int* in, __global int* out) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  slots[me] = in[t.global_[0]];
  tile_barrier_wait();
  const int right = me < 15 ? slots[me + 1] : 0;
  // missing: tile_barrier_wait();
  slots[me] = right;
  tile_barrier_wait();
  out[t.global_[0]] = slots[me];
}
