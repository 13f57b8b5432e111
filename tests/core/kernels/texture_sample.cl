/* Sampling through host samplers and in-kernel samplers (texture_sample_test.cpp).
 * coords hold AMP-order positions (y, x), normalized unless the sampler says not. */
#include <ampcl.clh>

__kernel void sample1(__read_only image1d_t t, sampler_t s, AMPCL_VIEW(const float, coords),
                      AMPCL_VIEW(float4, out)) {
  const int i = amp_global1();
  AV1(out, i) = tex_sample1f(t, s, AV1(coords, i));
}
__kernel void sample2(__read_only image2d_t t, sampler_t s, AMPCL_VIEW(const float2, coords),
                      AMPCL_VIEW(float4, out)) {
  const int i = amp_global1();
  const float2 c = AV1(coords, i);
  AV1(out, i) = tex_sample2f(t, s, c.x, c.y);
}
/* The same in C++ AMP's (x, y) coordinate order. */
__kernel void sample2_xy(__read_only image2d_t t, sampler_t s, AMPCL_VIEW(const float2, coords),
                         AMPCL_VIEW(float4, out)) {
  const int i = amp_global1();
  const float2 c = AV1(coords, i);
  AV1(out, i) = tex_sample2f_xy(t, s, (float2)(c.y, c.x));
}
__kernel void sample3(__read_only image3d_t t, sampler_t s, AMPCL_VIEW(const float4, coords),
                      AMPCL_VIEW(float4, out)) {
  const int i = amp_global1();
  const float4 c = AV1(coords, i);
  AV1(out, i) = tex_sample3f(t, s, c.x, c.y, c.z);
}
/* A sampler declared in the kernel: texel-space positions, nearest texel. */
__kernel void sample2_in_kernel(__read_only image2d_t t, AMPCL_VIEW(const float2, coords),
                                AMPCL_VIEW(float4, out)) {
  const sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
  const int i = amp_global1();
  const float2 c = AV1(coords, i);
  AV1(out, i) = tex_sample2f(t, s, c.x, c.y);
}
/* Texel-space positions through a normalized host sampler. */
__kernel void sample2_texels(__read_only image2d_t t, sampler_t s,
                             AMPCL_VIEW(const float2, coords), AMPCL_VIEW(float4, out)) {
  const int i = amp_global1();
  const float2 c = AV1(coords, i);
  AV1(out, i) = tex_sample2f_texels(t, s, c.x, c.y);
}
