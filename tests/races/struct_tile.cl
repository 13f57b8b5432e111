// EXPECT: read-after-write @ 19
// A tile_static array of structs: each work-item reads its neighbour's field with no
// barrier.
#include <ampcl.clh>

typedef struct {
  float sum;
  int count;
} partial_t;

__kernel void struct_tile(__global const float* in, __global float* out) {
  tile_static partial_t parts[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  parts[me].sum = in[g];
  parts[me].count = 1;
  if (me > 0) {
    out[g] = parts[me - 1].sum * parts[me - 1].count;
  }
}
