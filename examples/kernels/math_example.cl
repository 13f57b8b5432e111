#include <ampcl.clh>

#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

// MathExample's lambda: logs[idx] = concurrency::fast_math::log10(numbers[idx]).
// REAL (double or float) is the element type the host chose; fast_math works in float.
__kernel void math_example(AMPCL_VIEW(REAL, logs)) {
  index1 idx = amp_index1();
  AV1_AT(logs, idx.v) = (REAL)fast_math_log10((float)AV1_AT(logs, idx.v));
}
