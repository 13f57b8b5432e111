// graphics::sampler: settings checked against what OpenCL samplers can do, and one
// cl_sampler per context, created on first use.
#include <ampcl/errors.hpp>
#include <ampcl/sampler.hpp>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "support/cl_handle.hpp"

namespace ampcl::graphics::detail {

struct sampler_state {
  filter_mode filter = filter_linear;
  address_mode address = address_clamp;
  float_4 border{0.f};
  bool normalized = true;

  std::mutex m;
  std::vector<std::pair<cl_context, ampcl::detail::cl_handle<cl_sampler>>> per_context;
};

}  // namespace ampcl::graphics::detail

namespace ampcl::graphics {

namespace {

const char* address_name(address_mode a) {
  switch (a) {
    case address_wrap:
      return "address_wrap";
    case address_mirror:
      return "address_mirror";
    case address_clamp:
      return "address_clamp";
    case address_border:
      return "address_border";
    default:
      return "address_unknown";
  }
}

cl_addressing_mode cl_address(address_mode a) {
  switch (a) {
    case address_wrap:
      return CL_ADDRESS_REPEAT;
    case address_mirror:
      return CL_ADDRESS_MIRRORED_REPEAT;
    case address_clamp:
      return CL_ADDRESS_CLAMP_TO_EDGE;
    default:
      return CL_ADDRESS_CLAMP;  // address_border
  }
}

}  // namespace

sampler::sampler() : sampler(filter_linear, address_clamp, float_4(0.f), true) {}
sampler::sampler(filter_mode filter) : sampler(filter, address_clamp, float_4(0.f), true) {}
sampler::sampler(address_mode address, float_4 border_color)
    : sampler(filter_linear, address, border_color, true) {}
sampler::sampler(filter_mode filter, address_mode address, float_4 border_color)
    : sampler(filter, address, border_color, true) {}

sampler::sampler(filter_mode filter, address_mode address, float_4 border, bool normalized)
    : s_(std::make_shared<detail::sampler_state>()) {
  if (filter != filter_point && filter != filter_linear)
    throw unsupported_feature("sampler: the filter mode must be filter_point or filter_linear",
                              CL_INVALID_VALUE);
  if (address != address_wrap && address != address_mirror && address != address_clamp &&
      address != address_border)
    throw unsupported_feature(
        "sampler: the address mode must be address_wrap, address_mirror, address_clamp or "
        "address_border",
        CL_INVALID_VALUE);
  if (address == address_border &&
      (border.x != 0.f || border.y != 0.f || border.z != 0.f || border.w != 0.f))
    throw unsupported_feature(
        "sampler: OpenCL's border colour is fixed at transparent black, so address_border takes "
        "float_4(0, 0, 0, 0) only: sample with that border and blend the colour in the kernel",
        CL_INVALID_VALUE);
  if (!normalized && (address == address_wrap || address == address_mirror))
    throw unsupported_feature(std::string("sampler: ") + address_name(address) +
                                  " needs normalized coordinates in OpenCL; use address_clamp or "
                                  "address_border with unnormalized coordinates",
                              CL_INVALID_VALUE);
  s_->filter = filter;
  s_->address = address;
  s_->border = border;
  s_->normalized = normalized;
}

filter_mode sampler::get_filter_mode() const {
  return s_->filter;
}
address_mode sampler::get_address_mode() const {
  return s_->address;
}
float_4 sampler::get_border_color() const {
  return s_->border;
}
bool sampler::get_normalized_coordinates() const {
  return s_->normalized;
}

sampler sampler::with_unnormalized_coordinates() const {
  return sampler(s_->filter, s_->address, s_->border, false);
}

cl_sampler sampler::cl_sampler_for(cl_context context) const {
  std::lock_guard<std::mutex> lock(s_->m);
  for (const auto& [ctx, handle] : s_->per_context)
    if (ctx == context) return handle.get();
  cl_int err = CL_SUCCESS;
  ampcl::detail::cl_handle<cl_sampler> handle(
      clCreateSampler(context, s_->normalized ? CL_TRUE : CL_FALSE, cl_address(s_->address),
                      s_->filter == filter_point ? CL_FILTER_NEAREST : CL_FILTER_LINEAR, &err));
  ampcl::detail::check(err, "clCreateSampler",
                       std::string("for ") + address_name(s_->address) +
                           (s_->filter == filter_point ? ", filter_point" : ", filter_linear"));
  s_->per_context.emplace_back(context, std::move(handle));
  return s_->per_context.back().second.get();
}

}  // namespace ampcl::graphics
