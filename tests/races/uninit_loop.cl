// EXPECT: uninitialized-read @ 17
// uninit_2d with the reads in a loop the checker compiles twice (a copy without the
// initialization checks, for objects written everywhere): only the first row of
// each 4x4 tile loads its tile_static row, so the loop must take the checked copy
// and report the rows read unwritten.
#include <ampcl.clh>

__kernel void uninit_loop(__global const float* in, __global float* out) {
  tile_static float tile[4][4];
  tiled_index2 t = amp_tiled_index2();
  const int r = t.local_[0], c = t.local_[1];
  const int g = t.global_[0] * 8 + t.global_[1];
  if (r == 0) tile[0][c] = in[g];
  tile_barrier_wait();
  float sum = 0.0f;
  for (int k = 0; k < 4; ++k)
    sum += tile[k][c];
  out[g] = sum;
}
