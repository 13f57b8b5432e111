// EXPECT: write-after-write @ 19
// EXPECT: write-after-read @ 19
// EXPECT-MAYBE: read-after-write @ 19
// The documents' anti-pattern: every work-item adds to one tile_static total
// with `total += x`. Read-modify-write by many work-items at once loses
// updates. Whether a read is seen after another work-item's write depends on
// scheduling (sequential on CPUs, lockstep on GPUs), hence EXPECT-MAYBE.
#include <ampcl.clh>

__kernel void total_accumulate(__global const int* in, __global int* sums) {
  tile_static int total;
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  if (me == 0) {
    total = 0;
  }
  tile_barrier_wait();
  const int x = in[t.global_[0]];
  total += x;
  tile_barrier_wait();
  if (me == 0) {
    sums[t.tile[0]] = total;
  }
}
