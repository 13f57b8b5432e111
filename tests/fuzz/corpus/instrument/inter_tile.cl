// EXPECT: inter-tile-race
// Each work-item writes its element, then reads the element of the next tile:
// no barrier orders tiles within a launch.
#include <ampcl.clh>

__kernel void inter_tile(__global int* data, __global int* out) {
  tiled_index1 t = amp_tiled_index1();
  const int g = t.global_[0];
  data[g] = g;
  tile_barrier_wait();
  out[g] = data[(g + 16) % 64];
}
