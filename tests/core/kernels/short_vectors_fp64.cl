// Double-precision short vectors (needs cl_khr_fp64).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#include <ampcl.clh>

__kernel void write_double3(__global double3* out) {
  const int i = amp_global1();
  out[i] = (double3)(i + 0.125, -1.0 / (i + 1), 1e300 * i);
}

__kernel void scale_double2(double2 s, __global double2* v) {
  const int i = amp_global1();
  v[i] = v[i] * s;
}
