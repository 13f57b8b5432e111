// EXPECT: race-free
// The barrier's fence flags differ between work-items (GPUVerify's
// inter_group_and_barrier_flag_tests/pass/write_then_read): work-item 0 writes and
// passes the barrier with a local fence, which orders its write before what
// follows the barrier; work-item 1, which reads, fences nothing. The fence of the
// work-item that made the earlier access is what counts (OpenCL 1.2, 6.12.8).
#include <ampcl.clh>

__kernel void fence_flags_mixed_fixed(__global int* out) {
  tile_static int slot;
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const cl_mem_fence_flags flags = me == 0 ? CLK_LOCAL_MEM_FENCE : 0;
  if (me == 0) slot = 42;
  barrier(flags);
  if (me == 1) out[t.tile[0]] = slot;
}
