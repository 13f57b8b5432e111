// EXPECT: race-free
// Every work-item reads the shared flag; tile 1's first work-item then writes its own
// tile's flag, which no other tile reads.
#include <ampcl.clh>

__kernel void hidden_read_inter_fixed(__global int* flag, __global int* out) {
  tiled_index1 t = amp_tiled_index1();
  out[t.global_[0]] = flag[0];
  tile_barrier_wait();
  if (t.tile[0] == 1 && t.local_[0] == 0) {
    flag[1 + t.tile[0]] = 1;
  }
}
