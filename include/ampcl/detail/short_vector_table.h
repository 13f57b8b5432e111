// C++ AMP's eighteen short vectors, one table that the classes
// (ampcl/concurrency/short_vectors.h) and the launch's argument check
// (cl_type_name.hpp, lib/launch/bind.cpp) both read. Plain preprocessor: it is read
// by every compiler pass, host and device.
#pragma once

// C++ AMP's short vectors: (name, scalar, components, OpenCL spelling). The 2- and
// 4-component ones are OpenCL's vectors in a kernel (the same bytes); the
// 3-component ones are packed (12 or 24 bytes, not OpenCL's 16 or 32), so they are
// the prelude's structs of the same name (kernels/ampcl.clh); translated kernels
// declare every vector as a struct of its C++ AMP name. One table for both sides.
#define AMPCL_SHORT_VECTORS(X)         \
  X(int_2, int, 2, "int2")             \
  X(int_3, int, 3, "int_3")            \
  X(int_4, int, 4, "int4")             \
  X(uint_2, unsigned int, 2, "uint2")  \
  X(uint_3, unsigned int, 3, "uint_3") \
  X(uint_4, unsigned int, 4, "uint4")  \
  X(float_2, float, 2, "float2")       \
  X(float_3, float, 3, "float_3")      \
  X(float_4, float, 4, "float4")       \
  X(double_2, double, 2, "double2")    \
  X(double_3, double, 3, "double_3")   \
  X(double_4, double, 4, "double4")    \
  X(norm_2, norm, 2, "float2")         \
  X(norm_3, norm, 3, "norm_3")         \
  X(norm_4, norm, 4, "float4")         \
  X(unorm_2, unorm, 2, "float2")       \
  X(unorm_3, unorm, 3, "unorm_3")      \
  X(unorm_4, unorm, 4, "float4")
