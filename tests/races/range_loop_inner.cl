// EXPECT: subscript-out-of-range @ 16
// A 4x4 tile_static array whose first row is summed by a loop that runs one step
// too far (k <= 4): the last read is row 0, column 4, which is still inside the
// array (row 1, column 0), so only the per-dimension check sees it. A loop
// counter's range is what its bound allows, 0 to 4 here, so this subscript keeps
// its run-time check.
#include <ampcl.clh>

__kernel void range_loop_inner(__global const float* in, __global float* out) {
  tile_static float tile[4][4];
  tiled_index2 t = amp_tiled_index2();
  tile[t.local_[0]][t.local_[1]] = in[t.global_[0] * 8 + t.global_[1]];
  tile_barrier_wait();
  float sum = 0.0f;
  for (int k = 0; k <= 4; ++k)
    sum += tile[0][k];
  out[t.global_[0] * 8 + t.global_[1]] = sum;
}
