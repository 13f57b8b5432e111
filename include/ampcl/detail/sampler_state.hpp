// The OpenCL side of a sampler (lib/memory/sampler.cpp): its settings, checked
// against what OpenCL samplers can do, and one cl_sampler per context, created on
// first use. C++ AMP's sampler (ampcl/concurrency/graphics.h) holds one.
#pragma once

#include <ampcl/cl.hpp>
#include <ampcl/detail/bound_arg.hpp>
#include <memory>

namespace ampcl::detail {

class sampler_state;

// `filter` and `address` are C++ AMP's filter_mode and address_mode values.
// Throws unsupported_feature, naming the fix, for what OpenCL cannot sample
// with: an unknown mode, a border colour other than transparent black, wrapping
// or mirroring with unnormalized coordinates.
std::shared_ptr<const sampler_state> create_sampler(unsigned filter, unsigned address,
                                                    const float (&border)[4], bool normalized);
bool normalized_coordinates(const sampler_state& s);
cl_sampler cl_sampler_for(const sampler_state& s, cl_context context);

inline bound_arg bind_sampler(const sampler_state& s) {
  bound_arg b;
  b.what = bound_arg::kind::sampler;
  b.sampler = &s;
  return b;
}

}  // namespace ampcl::detail
