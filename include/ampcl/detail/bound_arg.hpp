// A kernel argument as the host side sees it, before it is matched with the
// kernel's parameters (lib/launch). It points into the caller's objects, which
// outlive the launch call, and holds a view's shape by value (a view of any API
// can give one), so binding allocates nothing.
#pragma once

#include <ampcl/cl.hpp>
#include <ampcl/detail/cl_type_name.hpp>
#include <ampcl/detail/storage.hpp>
#include <ampcl/detail/view_shape.hpp>
#include <cstddef>
#include <string>
#include <type_traits>

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
    const void* sampler;          // sampler: the detail::sampler_state
    view_shape shape;             // memory
  };
  union {
    std::size_t element_size = 0;  // memory
    std::size_t size;              // scalar: bytes; local_memory: bytes
  };
  const char* container = "";  // memory: "array" or "array_view"; image: its whole type name
};

// The element type of an array or array_view as a launch checks it.
struct element_type {
  std::size_t size;
  const char* cl_type;  // OpenCL spelling; "" unknown
  bool read_only;       // array_view<const T>
};
template <class T>
element_type element_type_of() {
  return {sizeof(T), cl_type_spelling<std::remove_const_t<T>>(), std::is_const_v<T>};
}

// An array or array_view: its storage, and where its elements are in it.
inline bound_arg bind_memory(const element_type& element, storage& s, const view_shape& shape,
                             int rank, const char* container) {
  bound_arg b;
  b.what = bound_arg::kind::memory;
  b.store = &s;
  b.shape = shape;
  b.read_only_view = element.read_only;
  b.rank = rank;
  b.container = container;
  b.element_size = element.size;
  b.cl_type = element.cl_type;
  return b;
}

// What the caller passed, for messages: "array_view<float const, 2>".
std::string describe(const bound_arg& a);

}  // namespace ampcl::detail
