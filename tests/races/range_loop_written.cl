// EXPECT: out-of-bounds @ 19
// A sum over a 16-element tile_static array unrolled by hand: the loop's counter is
// also stepped in its body, so the second read of the last pair is element 16, one
// past the array. A loop counter proves the range of a subscript only when nothing
// but the loop's own increment writes it; this one keeps its run-time check.
#include <ampcl.clh>

__kernel void range_loop_written(__global const float* in, __global float* out) {
  tile_static float tile[16];
  tiled_index1 t = amp_tiled_index1();
  tile[t.local_[0]] = in[t.global_[0]];
  tile_barrier_wait();
  float sum = 0.0f;
  for (int k = 0; k < 16; ++k) {
    // k: 0, 2, ..., 14 here
    sum += tile[k];
    ++k;
    // k: 1, 3, ..., 15 here; k + 1 reaches 16
    sum += tile[k + 1];
  }
  out[t.global_[0]] = sum;
}
