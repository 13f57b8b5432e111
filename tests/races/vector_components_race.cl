// EXPECT: write-after-write @ 13, 12
// vector_components, but work-items 2 and 3 both write component w.
#include <ampcl.clh>

__kernel void vector_components_race(__global const float* in, __global float* out) {
  tile_static float4 acc;
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  if (me == 0) acc.x = in[g];
  if (me == 1) acc.y = in[g];
  if (me == 2) acc.w = in[g];
  if (me == 3) acc.w = in[g];
  if (me == 3) acc.z = 0.0f;
  tile_barrier_wait();
  if (me == 0) {
    out[t.tile[0]] = acc.x + acc.y + acc.z + acc.w;
  }
}
