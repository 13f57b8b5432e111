// EXPECT: read-after-write @ 15, 14
// EXPECT-MAYBE: write-after-read @ 14, 15
// EXPECT: write-after-write @ 15
// fract returns the integral part through a float4 pointer (16 bytes from the pointer's
// type): each work-item's own four floats, the last of which its partner (g ^ 1) reads
// with no barrier. remquo returns the quotient through a pointer: every work-item of a
// tile into one slot.
#include <ampcl.clh>

__kernel void builtin_result_global(__global const float4* in, __global float4* frac,
                                    __global float* whole, __global float* rem, __global int* quo) {
  tiled_index1 t = amp_tiled_index1();
  const int g = t.global_[0];
  frac[g] = fract(in[g], (__global float4*)(whole + 4 * g));
  rem[g] = remquo(whole[4 * (g ^ 1) + 3], 1.5f, &quo[t.tile[0]]);
}
