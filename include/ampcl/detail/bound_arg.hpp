// A kernel argument after the host side has looked at it, before it is matched
// with the kernel's parameters (lib/launch).
#pragma once

#include <ampcl/detail/storage.hpp>
#include <ampcl/detail/view_shape.hpp>

#include <cstddef>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace ampcl::detail {

struct bound_arg {
  enum class kind { memory, raw_buffer, scalar, local_memory };
  kind what = kind::scalar;
  // kind::memory: an array or array_view.
  std::shared_ptr<storage> store;
  view_shape shape;
  bool read_only_view = false;    // array_view<const T>
  std::size_t element_size = 0;
  // kind::raw_buffer
  cl_mem raw = nullptr;
  // kind::scalar
  std::vector<unsigned char> bytes;
  // kind::memory and kind::scalar: the OpenCL C spelling of the C++ type
  // ("float", "uint"), empty when there is none (then only sizes are checked).
  std::string cl_type;
  // kind::local_memory
  std::size_t local_bytes = 0;
  // What the caller passed, for messages: "array_view<float, 2>".
  std::string description;
};

}  // namespace ampcl::detail
