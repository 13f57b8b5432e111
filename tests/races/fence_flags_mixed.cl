// EXPECT: fence-mismatch @ 13, 11
// As fence_flags_mixed_fixed, but only the reader's barrier has the local fence:
// the writer's barrier fences nothing, so its write is not ordered before the read.
#include <ampcl.clh>

__kernel void fence_flags_mixed(__global int* out) {
  tile_static int slot;
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const cl_mem_fence_flags flags = me == 1 ? CLK_LOCAL_MEM_FENCE : 0;
  if (me == 0) slot = 42;
  barrier(flags);
  if (me == 1) out[t.tile[0]] = slot;
}
