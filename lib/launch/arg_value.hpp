// One argument value as the launch path keeps it: what a kernel parameter holds
// (so an unchanged argument is not set again), and what the previous launch
// passed (so a repeat needs no binding). Whole entries compare: unused bytes stay zero.
#pragma once

#include <ampcl/detail/bound_arg.hpp>
#include <ampcl/detail/view_shape.hpp>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace ampcl::detail {

// One cache line each: a repeat reads every kept argument back.
struct alignas(64) arg_value {
  enum class kind : unsigned char {
    none,          // nothing kept (unset, or a value too large to keep)
    view,          // a bound array/array_view: storage, element size, shape
    buffer,        // a cl_mem (a raw buffer argument, or a parameter's buffer or image)
    bytes,         // a value, up to 32 bytes
    local_memory,  // a __local size
    sampler,       // a cl_sampler
  };
  static constexpr std::size_t max_bytes = 32;

  kind what = kind::none;
  bool read_only = false;         // view: array_view<const T>
  const char* cl_type = nullptr;  // bound views and values: the host type's spelling
  const void* id = nullptr;       // view: the storage; buffer: the cl_mem; sampler: the cl_sampler
  std::size_t size = 0;           // view: element size; bytes and local_memory: bytes
  unsigned char bytes[max_bytes] = {};  // view: its view_shape; bytes: the value

  // What the previous launch passed for `a`; kind::none for arguments a repeat
  // cannot compare (images, samplers, values over 32 bytes).
  static arg_value of(const bound_arg& a);
  static arg_value value_bytes(const void* data, std::size_t size) {
    arg_value v;
    if (size > max_bytes) return v;
    v.what = kind::bytes;
    v.size = size;
    std::memcpy(v.bytes, data, size);
    return v;
  }
  static arg_value handle(kind what, const void* id) {
    arg_value v;
    v.what = what;
    v.id = id;
    return v;
  }
  static arg_value local(std::size_t size) {
    arg_value v;
    v.what = kind::local_memory;
    v.size = size;
    return v;
  }

  bool known() const { return what != kind::none; }
  friend bool operator==(const arg_value& a, const arg_value& b) {
    // The 32 bytes compared inline: a libc memcmp call cost a third of a
    // 16-argument repeat.
    static_assert(sizeof(view_shape) == max_bytes);
    std::uint64_t x[4], y[4];
    std::memcpy(x, a.bytes, sizeof x);
    std::memcpy(y, b.bytes, sizeof y);
    return a.what == b.what && a.read_only == b.read_only && a.cl_type == b.cl_type &&
           a.id == b.id && a.size == b.size &&
           ((x[0] ^ y[0]) | (x[1] ^ y[1]) | (x[2] ^ y[2]) | (x[3] ^ y[3])) == 0;
  }
  friend bool operator!=(const arg_value& a, const arg_value& b) { return !(a == b); }
};

inline arg_value arg_value::of(const bound_arg& a) {
  arg_value v;
  switch (a.what) {
    case bound_arg::kind::memory:
      v.what = kind::view;
      v.read_only = a.read_only_view;
      v.cl_type = a.cl_type;
      v.id = a.store;
      v.size = a.element_size;
      std::memcpy(v.bytes, &a.shape, sizeof(view_shape));
      return v;
    case bound_arg::kind::raw_buffer:
      return handle(kind::buffer, a.raw);
    case bound_arg::kind::scalar:
      v = value_bytes(a.value, a.size);
      v.cl_type = a.cl_type;
      return v;
    case bound_arg::kind::local_memory:
      return local(a.size);
    case bound_arg::kind::image:
    case bound_arg::kind::sampler:
      return v;
  }
  return v;
}

}  // namespace ampcl::detail
