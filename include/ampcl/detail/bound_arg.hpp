// A kernel argument as the host side sees it, before it is matched with the
// kernel's parameters (lib/launch). It points into the caller's objects, which
// outlive the launch call, and holds a view's shape by value (a view of any API
// can give one), so binding allocates nothing.
#pragma once

#include <ampcl/cl.hpp>
#include <ampcl/detail/storage.hpp>
#include <ampcl/detail/view_shape.hpp>
#include <cstddef>
#include <string>

namespace ampcl::detail {

// 72 bytes: a launch writes one per argument and a repeat reads them all back, so
// what each kind needs shares the same words (read only the member of its kind).
struct bound_arg {
  enum class kind : unsigned char { memory, raw_buffer, scalar, local_memory, image, sampler };
  kind what = kind::scalar;
  bool read_only_view = false;   // memory: array_view<const T>; image: texture_view<const T>
  bool write_only_view = false;  // image: writeonly_texture_view
  int rank = 0;                  // memory and image: for messages
  const char* cl_type = "";      // OpenCL spelling of the element or value type; "" unknown
  union {
    storage* store = nullptr;  // memory
    cl_mem raw;                // raw_buffer; image: its cl_mem
  };
  union {
    const void* value = nullptr;  // scalar: the caller's bytes
    const void* image;            // image: the detail::image_storage
    const void* sampler;          // sampler: the graphics::sampler
    view_shape shape;             // memory
  };
  union {
    std::size_t element_size = 0;  // memory
    std::size_t size;              // scalar: bytes; local_memory: bytes
  };
  const char* container = "";  // memory: "array" or "array_view"; image: its whole type name
};

// What the caller passed, for messages: "array_view<float const, 2>".
std::string describe(const bound_arg& a);

}  // namespace ampcl::detail
