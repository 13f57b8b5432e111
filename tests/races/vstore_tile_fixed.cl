// EXPECT: race-free
// vstore4/vload4 on a tile_static array: work-item i stores floats [4i, 4i+4) and loads
// [4i+4, 4i+8) after a barrier.
#include <ampcl.clh>

__kernel void vstore_tile_fixed(__global const float* in, __global float* out) {
  tile_static float buf[64];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  vstore4(vload4(g, in), me, buf);
  tile_barrier_wait();
  const float4 v = vload4((me + 1) % 16, buf);
  vstore4(v, g, out);
}
