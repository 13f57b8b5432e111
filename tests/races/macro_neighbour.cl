// EXPECT: read-after-write @ 17
// Accesses through macros; reports point at the macro's use (SYNC expands to nothing).
#include <ampcl.clh>

#define STORE(a, i, v) ((a)[i] = (v))
#define NEIGHBOUR(a, i) ((a)[((i) + 15) % 16])
#define SYNC()

__kernel void macro_neighbour(__global const int* in, __global int* out) {
  tile_static int slots[16];
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  STORE(slots, me, in[g]);
  SYNC();
  if (me > 0) {
    out[g] = NEIGHBOUR(slots, me);
  }
}
