// A sampler's OpenCL side: settings checked against what OpenCL samplers can do,
// and one cl_sampler per context, created on first use.
#include <ampcl/detail/sampler_state.hpp>
#include <ampcl/errors.hpp>
#include <ampcl/sampler.hpp>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "support/cl_handle.hpp"

namespace ampcl::detail {

using graphics::address_mode;
using graphics::filter_mode;

class sampler_state {
 public:
  sampler_state(filter_mode f, address_mode a, bool n) : filter(f), address(a), normalized(n) {}

  const filter_mode filter;
  const address_mode address;
  const bool normalized;

  mutable std::mutex m;
  mutable std::vector<std::pair<cl_context, cl_handle<cl_sampler>>> per_context;
};

namespace {

const char* address_name(address_mode a) {
  switch (a) {
    case graphics::address_wrap:
      return "address_wrap";
    case graphics::address_mirror:
      return "address_mirror";
    case graphics::address_clamp:
      return "address_clamp";
    case graphics::address_border:
      return "address_border";
    default:
      return "address_unknown";
  }
}

cl_addressing_mode cl_address(address_mode a) {
  switch (a) {
    case graphics::address_wrap:
      return CL_ADDRESS_REPEAT;
    case graphics::address_mirror:
      return CL_ADDRESS_MIRRORED_REPEAT;
    case graphics::address_clamp:
      return CL_ADDRESS_CLAMP_TO_EDGE;
    default:
      return CL_ADDRESS_CLAMP;  // address_border
  }
}

}  // namespace

std::shared_ptr<const sampler_state> create_sampler(unsigned filter_value, unsigned address_value,
                                                    const float (&border)[4], bool normalized) {
  const auto filter = static_cast<filter_mode>(filter_value);
  const auto address = static_cast<address_mode>(address_value);
  if (filter != graphics::filter_point && filter != graphics::filter_linear)
    throw unsupported_feature("sampler: the filter mode must be filter_point or filter_linear",
                              CL_INVALID_VALUE);
  if (address != graphics::address_wrap && address != graphics::address_mirror &&
      address != graphics::address_clamp && address != graphics::address_border)
    throw unsupported_feature(
        "sampler: the address mode must be address_wrap, address_mirror, address_clamp or "
        "address_border",
        CL_INVALID_VALUE);
  if (address == graphics::address_border &&
      (border[0] != 0.f || border[1] != 0.f || border[2] != 0.f || border[3] != 0.f))
    throw unsupported_feature(
        "sampler: OpenCL's border colour is fixed at transparent black, so address_border takes "
        "float_4(0, 0, 0, 0) only: sample with that border and blend the colour in the kernel",
        CL_INVALID_VALUE);
  if (!normalized && (address == graphics::address_wrap || address == graphics::address_mirror))
    throw unsupported_feature(std::string("sampler: ") + address_name(address) +
                                  " needs normalized coordinates in OpenCL; use address_clamp or "
                                  "address_border with unnormalized coordinates",
                              CL_INVALID_VALUE);
  return std::make_shared<const sampler_state>(filter, address, normalized);
}

bool normalized_coordinates(const sampler_state& s) {
  return s.normalized;
}

cl_sampler cl_sampler_for(const sampler_state& s, cl_context context) {
  std::lock_guard<std::mutex> lock(s.m);
  for (const auto& [ctx, handle] : s.per_context)
    if (ctx == context) return handle.get();
  cl_int err = CL_SUCCESS;
  cl_handle<cl_sampler> handle(clCreateSampler(
      context, s.normalized ? CL_TRUE : CL_FALSE, cl_address(s.address),
      s.filter == graphics::filter_point ? CL_FILTER_NEAREST : CL_FILTER_LINEAR, &err));
  check(err, "clCreateSampler",
        std::string("for ") + address_name(s.address) +
            (s.filter == graphics::filter_point ? ", filter_point" : ", filter_linear"));
  s.per_context.emplace_back(context, std::move(handle));
  return s.per_context.back().second.get();
}

}  // namespace ampcl::detail
