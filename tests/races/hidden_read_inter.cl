// EXPECT-ONE: inter-tile-race @ 13, 10
// EXPECT-ONE: inter-tile-race @ 10, 13
// Every work-item reads the shared flag; tile 1's first work-item then overwrites it.
// Other tiles' reads are not ordered with that write, even though tile 1's own read
// of the flag came last before it.
#include <ampcl.clh>

__kernel void hidden_read_inter(__global int* flag, __global int* out) {
  tiled_index1 t = amp_tiled_index1();
  out[t.global_[0]] = flag[0];
  tile_barrier_wait();
  if (t.tile[0] == 1 && t.local_[0] == 0) {
    flag[0] = 1;
  }
}
