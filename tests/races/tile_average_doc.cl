// EXPECT: race-free
// The documents' tile averaging of a 4x6 int matrix in 2x2 tiles: each value replaced
// by its tile's average (3 3 8 8 3 3 / ...). Every work-item reads the whole tile after
// the barrier, then writes only its own element.
#include <ampcl.clh>

__kernel void tile_average_doc(__global const int* in, __global int* out) {
  tile_static int nums[2][2];
  tiled_index2 t = amp_tiled_index2();
  const int i = t.global_[0], j = t.global_[1];
  nums[t.local_[0]][t.local_[1]] = in[i * 6 + j];
  tile_barrier_wait();
  const int sum = nums[0][0] + nums[0][1] + nums[1][0] + nums[1][1];
  out[i * 6 + j] = sum / 4;
}
