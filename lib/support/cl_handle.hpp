// lib's OpenCL handles: the shared RAII type (<ampcl/detail/cl_handle.hpp>),
// counted in the statistics' live_cl_objects for leak checks.
#pragma once

#include <ampcl/detail/cl_handle.hpp>

#include "support/stats_counters.hpp"

namespace ampcl::detail {

struct counted_cl_handles {
  static void held() { ++live_cl_objects(); }
  static void dropped() { --live_cl_objects(); }
};

template <class H>
using cl_handle = basic_cl_handle<H, counted_cl_handles>;

}  // namespace ampcl::detail
