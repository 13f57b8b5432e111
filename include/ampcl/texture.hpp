// Textures: texture<T, N>, texture_view<T, N>, texture_view<const T, N>,
// writeonly_texture_view<T, N>, sampler, copy() and copy_async(): C++ AMP's
// classes and functions (ampcl/concurrency/graphics.h), named here for ampcl's
// API, over OpenCL images (image1d_t, image2d_t, image3d_t) and samplers.
//
//   ampcl::graphics::texture<float, 2> t(rows, cols, host.begin(), host.end());
//   ampcl::parallel_for_each(out.get_extent(), k, texture_view<const float, 2>(t), sampler(), out);
//   copy(t, back.begin());
//
// T is int, unsigned int, float, norm, unorm or their 2- and 4-component short
// vectors (as in C++ AMP: OpenCL images have no 3-component or double formats).
// Texel index<2>(row, col) is image coordinate (x = col, y = row).
//
// A hand-written OpenCL C kernel takes them as parameters:
//   texture_view<const T, N>     `__read_only imageNd_t`  (reads and sampling)
//   texture<T, N>, texture_view<T, N>   either access qualifier
//   writeonly_texture_view<T, N> `__write_only imageNd_t`
//   sampler                      `sampler_t`
// OpenCL 1.2 images are read-only or write-only within one kernel, so one
// parameter cannot both read and write a texel.
#pragma once

// What C++ AMP's headers use of ampcl's, read before the stretch (stretches do
// not nest).
#include <ampcl/accelerator.hpp>
#include <ampcl/completion_future.hpp>
#include <ampcl/detail/image_storage.hpp>
#include <ampcl/detail/sampler_state.hpp>
#include <ampcl/errors.hpp>
#include <ampcl/extent.hpp>
#include <ampcl/short_vectors.hpp>

// C++ AMP's classes inside a stretch (cpp_amp_begin.h): the order is the meaning.
// clang-format off
#include <ampcl/detail/cpp_amp_begin.h>
#include <ampcl/concurrency/graphics.h>
#include <ampcl/detail/cpp_amp_end.h>
// clang-format on

namespace ampcl::graphics {

using Concurrency::graphics::copy;
using Concurrency::graphics::copy_async;
using Concurrency::graphics::sampler;
using Concurrency::graphics::texture;
using Concurrency::graphics::texture_view;
using Concurrency::graphics::writeonly_texture_view;

using Concurrency::graphics::address_border;
using Concurrency::graphics::address_clamp;
using Concurrency::graphics::address_mirror;
using Concurrency::graphics::address_mode;
using Concurrency::graphics::address_unknown;
using Concurrency::graphics::address_wrap;
using Concurrency::graphics::filter_linear;
using Concurrency::graphics::filter_mode;
using Concurrency::graphics::filter_point;
using Concurrency::graphics::filter_unknown;

// ampcl's: the same sampler with coordinates in texels instead of [0, 1). OpenCL
// allows it with address_clamp and address_border only (unsupported_feature
// otherwise).
inline sampler with_unnormalized_coordinates(const sampler& s) {
  sampler texel_space = s;
  texel_space._M_sampler =
      sampler::__state(s.get_filter_mode(), s.get_address_mode(), s.get_border_color(), false);
  return texel_space;
}
// Whether `s` takes coordinates in [0, 1) (C++ AMP's, the default).
inline bool has_normalized_coordinates(const sampler& s) {
  return ampcl::detail::normalized_coordinates(*s._M_sampler.get());
}

}  // namespace ampcl::graphics
