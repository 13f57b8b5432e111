// EXPECT: race-free
// Each builtin that returns a second result through a pointer writes the work-item's
// own element: fract's float4 (its size from the pointer's type), modf, frexp,
// remquo, lgamma_r and sincos.
#include <ampcl.clh>

__kernel void builtin_result_global_fixed(__global const float4* in, __global float4* frac,
                                          __global float* whole, __global float* rem,
                                          __global int* quo) {
  tiled_index1 t = amp_tiled_index1();
  const int g = t.global_[0];
  frac[g] = fract(in[g], (__global float4*)(whole + 4 * g));
  rem[g] = remquo((float)g, 1.5f, &quo[g]);
  rem[g] += modf(in[g].x, (__global float*)&frac[g]);
  rem[g] += frexp(in[g].y, &quo[g]);
  rem[g] += lgamma_r(in[g].z, &quo[g]);
  rem[g] += sincos(in[g].w, (__global float*)&frac[g] + 1);
}
