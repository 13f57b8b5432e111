// EXPECT: race-free
// Every work-item reads the same __constant coefficients: reads never race.
#include <ampcl.clh>

__kernel void constant_lookup(__global const float* in, __constant float* coef, __global float* out) {
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  const int g = t.global_[0];
  float acc = 0.0f;
  for (int k = 0; k < 4; ++k) {
    acc += coef[k] * in[(g + k) % 64];
  }
  out[g] = acc;
}
