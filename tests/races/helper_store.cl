// EXPECT: read-after-write @ 12
// EXPECT-MAYBE: uninitialized-read @ 12
// EXPECT-MAYBE: write-after-read @ 9, 12
// Helper functions store to and load from a tile_static array passed as a pointer;
// nothing orders the store and the neighbour's load.
#include <ampcl.clh>

void publish(__local int* slots, int me, int v) {
  slots[me] = v;
}

int neighbour(__local const int* slots, int me) { return slots[(me + 1) % 16]; }

__kernel void helper_store(__global const int* in, __global int* out) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  publish(slots, me, in[g]);
  out[g] = neighbour(slots, me);
}
