// EXPECT: read-after-write @ 15
// EXPECT-MAYBE: uninitialized-read @ 15
// EXPECT-MAYBE: write-after-read @ 14, 15
// A __constant table says which slot each work-item reads (its mirror in the tile);
// __constant memory itself never races, but the tile_static read has no barrier after
// the stores.
#include <ampcl.clh>

__kernel void constant_index(__global const int* in, __constant int* mirror, __global int* out) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  slots[me] = in[g] * mirror[0];
  out[g] = slots[mirror[me]];
}
