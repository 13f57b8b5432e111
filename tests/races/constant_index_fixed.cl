// EXPECT: race-free
// A __constant table says which slot each work-item reads (its mirror in the tile);
// __constant memory itself never races; the barrier orders the tile_static traffic.
#include <ampcl.clh>

__kernel void constant_index_fixed(__global const int* in, __constant int* mirror, __global int* out) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  slots[me] = in[g] * mirror[0];
  tile_barrier_wait();
  out[g] = slots[mirror[me]];
}
