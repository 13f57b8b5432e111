// EXPECT: race-free
// Every work-item stores the same int4 to one global element (Oclgrind's
// misc/vector_argument, GPUVerify's vectortests/test_paren): each component is
// compared with what memory holds, and none changes.
#include <ampcl.clh>

__kernel void same_value_vector_fixed(__global int4* out) {
  tiled_index1 t = amp_tiled_index1();
  out[0] = (int4)(1, 2, 3, 4);
  out[1 + t.global_[0]] = (int4)(t.global_[0]);
}
