// EXPECT-ONE: write-after-write @ 14, 15
// EXPECT-ONE: write-after-write @ 15, 14
// EXPECT-ONE: write-after-write @ 15, 15
// As same_value_twice_fixed, but the second store is a value of each work-item's
// own: an unordered store of another value, whichever store finds it. Work-items
// run one after another (CPUs): a first store finds the previous work-item's
// second; in lockstep (GPUs): a second store finds another's first or second.
#include <ampcl.clh>

__kernel void same_value_twice(__global const int* in, __global int* out) {
  tile_static int done;
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  done = 1;
  done = 2 + me;
  tile_barrier_wait();
  out[t.global_[0]] = in[t.global_[0]] + done;
}
