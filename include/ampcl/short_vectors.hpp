// Short vectors (int_2 ... unorm_4), norm and unorm: C++ AMP's classes
// (ampcl/concurrency/short_vectors.h), named here for ampcl's API.
//
//   ampcl::graphics::float_4 v(1.f, 2.f, 3.f, 4.f);   // __global float4* in a kernel
//   v.x = 5.f;                    // components are data members on the host
//   float_2 s = v.get_zx();       // swizzles: get_/set_ + components
//
// C++ AMP's layout: N scalars one after another, so float_3 is 12 bytes. At the
// boundary of a hand-written OpenCL C kernel, the 2- and 4-component vectors are
// OpenCL's (float_4 is float4: the same bytes; norm_4 and unorm_4 are float4),
// and the 3-component ones are the prelude's packed structs of the same names
// (kernels/ampcl.clh: `__global float_3*`, fields x, y, z), as OpenCL's float3
// is 16 bytes. The launch checks each argument against its parameter
// (detail/cl_type_name.hpp). norm and unorm are floats clamped to [-1, 1] and
// [0, 1] (NaN to 0).
#pragma once

// C++ AMP's classes inside a stretch (cpp_amp_begin.h): the order is the meaning.
// clang-format off
#include <ampcl/detail/cpp_amp_begin.h>
#include <ampcl/concurrency/short_vectors.h>
#include <ampcl/detail/cpp_amp_end.h>
// clang-format on

namespace ampcl::graphics {

using Concurrency::graphics::norm;
using Concurrency::graphics::unorm;
using Concurrency::graphics::uint;

using Concurrency::graphics::int_2;
using Concurrency::graphics::int_3;
using Concurrency::graphics::int_4;
using Concurrency::graphics::uint_2;
using Concurrency::graphics::uint_3;
using Concurrency::graphics::uint_4;
using Concurrency::graphics::float_2;
using Concurrency::graphics::float_3;
using Concurrency::graphics::float_4;
using Concurrency::graphics::double_2;
using Concurrency::graphics::double_3;
using Concurrency::graphics::double_4;
using Concurrency::graphics::norm_2;
using Concurrency::graphics::norm_3;
using Concurrency::graphics::norm_4;
using Concurrency::graphics::unorm_2;
using Concurrency::graphics::unorm_3;
using Concurrency::graphics::unorm_4;

using Concurrency::graphics::short_vector;
using Concurrency::graphics::short_vector_traits;

}  // namespace ampcl::graphics
