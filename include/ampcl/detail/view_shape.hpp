// The shape of an array or array_view as kernels see it: the host twin of
// kernels/ampcl.clh's ampcl_view (same layout, 32 bytes).
#pragma once

#include <ampcl/extent.hpp>

#include <cstdint>

namespace ampcl::detail {

// No default member initializers: a bound_arg holds one in a union with pointers.
struct view_shape {
  std::int32_t offset;     // first element, in elements from the buffer start
  std::int32_t extent[3];  // AMP order; 1 past the rank
  std::int32_t stride[3];  // elements between neighbours in each dimension
  std::int32_t rank;
};
static_assert(sizeof(view_shape) == 32, "must match ampcl_view in kernels/ampcl.clh");

// Row-major strides of a contiguous extent, AMP order.
template <int N>
view_shape contiguous_shape(const extent<N>& e) {
  view_shape s = {0, {1, 1, 1}, {0, 0, 1}, N};
  std::int64_t stride = 1;
  for (int d = N - 1; d >= 0; --d) {
    s.extent[d] = e[d];
    s.stride[d] = static_cast<std::int32_t>(stride);
    stride *= e[d];
  }
  return s;
}

}  // namespace ampcl::detail
