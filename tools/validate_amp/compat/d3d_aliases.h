// Workaround, not compatibility: Microsoft's <amp_short_vectors.h> also declares
// namespace concurrency::graphics::direct3d with the HLSL spellings of the short
// vectors (float2, double2, int4, ...).  ampcl's header has no such namespace yet
// (.notes/amp-real-repros/01_direct3d_short_vector_aliases.cpp), so the AMD FFT demo
// is built with this file force-included until it does.  Remove it then.
#pragma once
#include <amp_short_vectors.h>
namespace Concurrency { namespace graphics { namespace direct3d {
typedef float_2 float2;   typedef float_3 float3;   typedef float_4 float4;
typedef double_2 double2; typedef double_3 double3; typedef double_4 double4;
typedef int_2 int2;       typedef int_3 int3;       typedef int_4 int4;
typedef uint_2 uint2;     typedef uint_3 uint3;     typedef uint_4 uint4;
}}}
