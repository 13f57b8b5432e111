// EXPECT: race-free
// Two work-items write different fields of one tile_static struct: no race.
#include <ampcl.clh>

typedef struct {
  float sum;
  int count;
} partial_t;

__kernel void struct_fields(__global const float* in, __global float* out) {
  tile_static partial_t p;
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  if (me == 0) p.sum = in[g];
  if (me == 1) p.count = 2;
  tile_barrier_wait();
  out[g] = p.sum * p.count;
}
