// Double-precision short vectors (needs cl_khr_fp64).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#include <ampcl.clh>

// C++ AMP's double_3: three packed doubles (OpenCL's double3 is four wide).
typedef struct { double x, y, z; } double_3;

__kernel void write_double3(__global double_3* out) {
  const int i = amp_global1();
  vstore3((double3)(i + 0.125, -1.0 / (i + 1), 1e300 * i), 0, &out[i].x);
}

__kernel void scale_double2(double2 s, __global double2* v) {
  const int i = amp_global1();
  v[i] = v[i] * s;
}
