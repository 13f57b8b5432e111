// EXPECT: race-free
// Every work-item of a tile stores the same value to one tile_static flag, and
// every tile the same value to one global word (SamplingExample's redundant
// identical stores, rodinia/pathfinder's `outputBuffer[...] = 1` from several
// tiles): unordered, but no work-item's store changes what another's left, so it
// is not a race (the checker compares the values stored).
#include <ampcl.clh>

__kernel void same_value_fixed(__global const int* in, __global int* out) {
  tile_static int done;
  tiled_index1 t = amp_tiled_index1();
  done = 1;
  out[0] = 7;
  tile_barrier_wait();
  out[1 + t.global_[0]] = in[t.global_[0]] + done;
}
