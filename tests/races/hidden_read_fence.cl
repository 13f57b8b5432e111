// EXPECT: fence-mismatch @ 12, 9
// Every work-item of the tile reads the tile's global value; after a barrier that
// fences only tile_static memory, the first work-item overwrites it. The others' reads
// are not ordered before the write (the first work-item's own read does not hide them).
#include <ampcl.clh>

__kernel void hidden_read_fence(__global int* values, __global int* out) {
  tiled_index1 t = amp_tiled_index1();
  out[t.global_[0]] = values[t.tile[0]];
  tile_barrier_wait_with_tile_static_memory_fence();
  if (t.local_[0] == 0) {
    values[t.tile[0]] = -1;
  }
}
