// Short vectors through kernels: the host reads what the kernel writes. The 2-
// and 4-component vectors are OpenCL's; the 3-component ones are C++ AMP's
// packed layout, the prelude's int_3, uint_3 and float_3.
#include <ampcl.clh>

__kernel void write_int4(__global int4* out) {
  const int i = amp_global1();
  out[i] = (int4)(i, 10 * i, 100 * i, -i);
}

__kernel void write_uint3(__global uint_3* out) {
  const uint i = (uint)amp_global1();
  out[i].x = i;
  out[i].y = i + 7u;
  out[i].z = 0xFFFFFFF0u + i;
}

// Through OpenCL's float3 and vstore3, which writes three packed floats.
__kernel void write_float3(__global float_3* out) {
  const int i = amp_global1();
  vstore3((float3)(i + 0.5f, -(float)i, 2.0f * i), 0, &out[i].x);
}

__kernel void write_float2(__global float2* out) {
  const int i = amp_global1();
  out[i] = (float2)(i * 0.25f, i * -4.0f);
}

// y = a * x + y, with a float4 scalar argument.
__kernel void axpy_float4(float4 a, __global const float4* x, __global float4* y) {
  const int i = amp_global1();
  y[i] = a * x[i] + y[i];
}

// AMP-order 2-D views of int_3 elements: c = a + b, through OpenCL's int3.
__kernel void add_int3(AMPCL_VIEW(const int_3, a), AMPCL_VIEW(const int_3, b),
                       AMPCL_VIEW(int_3, c)) {
  const int i = amp_global2(0), j = amp_global2(1);
  const int3 sum = vload3(0, &AV2(a, i, j).x) + vload3(0, &AV2(b, i, j).x);
  vstore3(sum, 0, &AV2(c, i, j).x);
}

// OpenCL swizzles agree with the host's get_yx()/get_wzyx().
__kernel void swizzle_uint2(__global uint2* v) {
  const int i = amp_global1();
  v[i] = v[i].yx;
}
__kernel void swizzle_float4(__global const float4* in, __global float4* out) {
  const int i = amp_global1();
  out[i] = in[i].wzyx;
}

// norm values arrive as float; the kernel keeps AMP's clamp when it doubles them.
__kernel void double_norm(__global const float2* in, __global float2* out) {
  const int i = amp_global1();
  out[i] = clamp(in[i] * 2.0f, -1.0f, 1.0f);
}
