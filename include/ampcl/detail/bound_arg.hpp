// A kernel argument as the host side sees it, before it is matched with the
// kernel's parameters (lib/launch). It points into the caller's objects, which
// outlive the launch call, so binding allocates nothing.
#pragma once

#include <ampcl/detail/storage.hpp>
#include <ampcl/detail/view_shape.hpp>

#include <cstddef>
#include <string>

namespace ampcl::detail {

struct bound_arg {
  enum class kind : unsigned char { memory, raw_buffer, scalar, local_memory, image, sampler };
  kind what = kind::scalar;
  bool read_only_view = false;          // memory: array_view<const T>
  int rank = 0;                         // memory: for messages
  const char* container = "";           // memory: "array" or "array_view"; image: its type
  const char* cl_type = "";             // OpenCL spelling of the element or value type; "" unknown
  storage* store = nullptr;             // memory
  const view_shape* shape = nullptr;    // memory
  std::size_t element_size = 0;         // memory
  cl_mem raw = nullptr;                 // raw_buffer
  const void* value = nullptr;          // scalar: the caller's bytes
  std::size_t size = 0;                 // scalar: bytes; local_memory: bytes
  // image: a texture or texture view (raw holds its cl_mem, container its whole
  // type name, read_only_view a texture_view<const T>).
  const void* image = nullptr;          // image: the detail::image_storage
  bool write_only_view = false;         // image: writeonly_texture_view
  const void* sampler = nullptr;        // sampler: the graphics::sampler
};

// What the caller passed, for messages: "array_view<float const, 2>".
std::string describe(const bound_arg& a);

}  // namespace ampcl::detail
