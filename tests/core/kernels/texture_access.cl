/* Texture reads and writes by index, in AMP order (tests/core/texture_*_test.cpp). */
#include <ampcl.clh>

/* Every texel of a texture into a view of the same extent, as a 4-vector. */
__kernel void read1f(__read_only image1d_t t, AMPCL_VIEW(float4, out)) {
  const int i = amp_global1();
  AV1(out, i) = tex_read1f(t, i);
}
__kernel void read2f(__read_only image2d_t t, AMPCL_VIEW(float4, out)) {
  const int r = amp_global2(0), c = amp_global2(1);
  AV2(out, r, c) = tex_read2f(t, r, c);
}
__kernel void read3f(__read_only image3d_t t, AMPCL_VIEW(float4, out)) {
  const int a = amp_global3(0), b = amp_global3(1), c = amp_global3(2);
  AV3(out, a, b, c) = tex_read3f(t, a, b, c);
}
__kernel void read1i(__read_only image1d_t t, AMPCL_VIEW(int4, out)) {
  const int i = amp_global1();
  AV1(out, i) = tex_read1i(t, i);
}
__kernel void read2i(__read_only image2d_t t, AMPCL_VIEW(int4, out)) {
  const int r = amp_global2(0), c = amp_global2(1);
  AV2(out, r, c) = tex_read2i(t, r, c);
}
__kernel void read3i(__read_only image3d_t t, AMPCL_VIEW(int4, out)) {
  const int a = amp_global3(0), b = amp_global3(1), c = amp_global3(2);
  AV3(out, a, b, c) = tex_read3i(t, a, b, c);
}
__kernel void read1ui(__read_only image1d_t t, AMPCL_VIEW(uint4, out)) {
  const int i = amp_global1();
  AV1(out, i) = tex_read1ui(t, i);
}
__kernel void read2ui(__read_only image2d_t t, AMPCL_VIEW(uint4, out)) {
  const int r = amp_global2(0), c = amp_global2(1);
  AV2(out, r, c) = tex_read2ui(t, r, c);
}
__kernel void read3ui(__read_only image3d_t t, AMPCL_VIEW(uint4, out)) {
  const int a = amp_global3(0), b = amp_global3(1), c = amp_global3(2);
  AV3(out, a, b, c) = tex_read3ui(t, a, b, c);
}

/* Extents as the kernel sees them, AMP order. */
__kernel void extents2(__read_only image2d_t t, __global int* out) {
  out[0] = tex_extent2(t, 0);
  out[1] = tex_extent2(t, 1);
}

/* Writes: texel (r, c) gets r * 100 + c (the value's components: +0.25, +0.5, ...). */
__kernel void write1f(__write_only image1d_t t) {
  const int i = amp_global1();
  tex_write1f(t, i, (float)i);
}
__kernel void write2f(__write_only image2d_t t) {
  const int r = amp_global2(0), c = amp_global2(1);
  tex_write2f(t, r, c, (float)(r * 100 + c));
}
__kernel void write2f4(__write_only image2d_t t) {
  const int r = amp_global2(0), c = amp_global2(1);
  const float v = (float)(r * 100 + c);
  tex_write2f(t, r, c, (float4)(v, v + 0.25f, v + 0.5f, v + 0.75f));
}
__kernel void write2i2(__write_only image2d_t t) {
  const int r = amp_global2(0), c = amp_global2(1);
  tex_write2i(t, r, c, (int2)(r * 100 + c, -(r * 100 + c)));
}
__kernel void write1ui(__write_only image1d_t t) {
  const int i = amp_global1();
  tex_write1ui(t, i, (uint)(i * 3u));
}
#ifdef cl_khr_3d_image_writes
__kernel void write3f(__write_only image3d_t t) {
  const int a = amp_global3(0), b = amp_global3(1), c = amp_global3(2);
  tex_write3f(t, a, b, c, (float)(a * 10000 + b * 100 + c));
}
#endif

/* Values from a view into a texture (norm/unorm clamping on the device). */
__kernel void store1f(AMPCL_VIEW(const float, values), __write_only image1d_t t) {
  const int i = amp_global1();
  tex_write1f(t, i, AV1(values, i));
}

/* Reads one texture, writes another: the copy a filter does. */
__kernel void copy2f(__read_only image2d_t src, __write_only image2d_t dst) {
  const int r = amp_global2(0), c = amp_global2(1);
  tex_write2f(dst, r, c, tex_read2f(src, r, c).x * 2.f);
}

/* A buffer parameter, for the texture-to-pointer error. */
__kernel void plain_pointer(__global float* p) { p[get_global_id(0)] = 0.f; }
