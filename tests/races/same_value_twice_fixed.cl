// EXPECT: race-free
// As same_value_fixed, each work-item storing the flag twice: the second store
// finds the work-item's own first one in the flag's writer word (the checker then
// skips the value comparison, which only another work-item's store needs), and
// every other work-item's store still finds a store of the same value.
#include <ampcl.clh>

__kernel void same_value_twice_fixed(__global const int* in, __global int* out) {
  tile_static int done;
  tiled_index1 t = amp_tiled_index1();
  done = 1;
  done = 1;
  tile_barrier_wait();
  out[t.global_[0]] = in[t.global_[0]] + done;
}
