// EXPECT: write-after-read @ 15, 14
// Every work-item reads a tile_static word and the last one stores back the value
// it read (GPUVerify's benign_race_tests readafterwrite), with no barrier between
// the other work-items' reads and that store. The store changes nothing, but a read
// and a store race whatever the value (OpenCL's memory model; Oclgrind reports it
// too; only write-write pairs of one value are forgiven): reported.
#include <ampcl.clh>

__kernel void war_same_value(__global const int* in, __global int* out) {
  tile_static int word;
  tiled_index1 t = amp_tiled_index1();
  if (t.local_[0] == 0) word = in[t.tile[0]];
  tile_barrier_wait();
  const int v = word;
  if (t.local_[0] == 15) word = v;
  out[t.global_[0]] = v;
}
