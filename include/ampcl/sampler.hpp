// sampler: how a texture_view<const T,N> is sampled (concurrency::graphics::sampler),
// backed by an OpenCL sampler created once per context on first use.
//
//   ampcl::graphics::sampler s(ampcl::graphics::filter_linear, ampcl::graphics::address_wrap);
//   ampcl::parallel_for_each(out.get_extent(), k, ampcl::graphics::texture_view<const float, 2>(t),
//                            s, out);     // kernel: (__read_only image2d_t t, sampler_t s, ...)
//
// Coordinates are normalized ([0, 1) across the texture), as in C++ AMP. OpenCL fixes
// the border colour at transparent black, so address_border takes float_4(0, 0, 0, 0)
// only; other colours are unsupported_feature.
#pragma once

#include <ampcl/cl.hpp>
#include <ampcl/short_vectors.hpp>
#include <memory>

namespace ampcl::graphics {

// Unscoped, as in C++ AMP.
enum filter_mode { filter_point = 0, filter_linear = 1, filter_unknown = 0xFFFFFFFF };
enum address_mode {
  address_wrap = 0,    // CL_ADDRESS_REPEAT
  address_mirror = 1,  // CL_ADDRESS_MIRRORED_REPEAT
  address_clamp = 2,   // CL_ADDRESS_CLAMP_TO_EDGE
  address_border = 3,  // CL_ADDRESS_CLAMP (the border colour)
  address_unknown = 0xFFFFFFFF
};

namespace detail {
struct sampler_state;  // settings and the cl_sampler of each context (lib/memory)
}

class sampler {
 public:
  // filter_linear, address_clamp, as in C++ AMP.
  sampler();
  explicit sampler(filter_mode filter);
  explicit sampler(address_mode address, float_4 border_color = float_4(0.f));
  sampler(filter_mode filter, address_mode address, float_4 border_color = float_4(0.f));

  filter_mode get_filter_mode() const;
  address_mode get_address_mode() const;
  float_4 get_border_color() const;
  // ampcl extension: coordinates in texels instead of [0, 1). OpenCL allows it with
  // address_clamp and address_border only (unsupported_feature otherwise).
  sampler with_unnormalized_coordinates() const;
  bool get_normalized_coordinates() const;

  // The OpenCL sampler for `context`, created on first use and kept.
  cl_sampler cl_sampler_for(cl_context context) const;

 private:
  sampler(filter_mode filter, address_mode address, float_4 border, bool normalized);
  std::shared_ptr<detail::sampler_state> s_;
};

}  // namespace ampcl::graphics
