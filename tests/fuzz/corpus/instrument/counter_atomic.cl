// EXPECT: race-free
// counter_global with an atomic add: atomics are not races.
#include <ampcl.clh>

__kernel void counter_atomic(__global const int* in, __global int* count) {
  tiled_index1 t = amp_tiled_index1();
  if (in[t.global_[0]] > 0) {
    atomic_add(&count[0], 1);
  }
}
