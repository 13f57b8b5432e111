// parallel_for_each: runs a kernel over an extent or a tiled extent.
//
//   ampcl::kernel add = ampcl::kernel::from_file("add.cl", "add_arrays");
//   ampcl::parallel_for_each(sum.get_extent(), add, a, b, sum);
//
// Arrays and array_views bind to AMPCL_VIEW parameters (pointer and shape) or to
// plain __global pointers; scalars bind by value; ampcl::tile_static_memory<T>(n)
// binds a __local buffer. Views the kernel reads are copied to the device first;
// views it may write (non-const parameters) become device-current.
#pragma once

#include <ampcl/accelerator.hpp>
#include <ampcl/array.hpp>
#include <ampcl/array_view.hpp>
#include <ampcl/detail/bound_arg.hpp>
#include <ampcl/detail/cl_type_name.hpp>
#include <ampcl/extent.hpp>
#include <ampcl/kernel.hpp>
#include <ampcl/ndrange.hpp>

#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace ampcl {

// A dynamically sized __local kernel parameter of `count` elements of T.
template <class T>
struct tile_static_memory {
  explicit tile_static_memory(std::size_t n) : count(n) {}
  std::size_t count;
};

namespace detail {

template <class T>
struct is_array_like : std::false_type {};
template <class T, int N>
struct is_array_like<array<T, N>> : std::true_type {};
template <class T, int N>
struct is_array_like<array_view<T, N>> : std::true_type {};

template <class T>
struct is_tile_static_memory : std::false_type {};
template <class T>
struct is_tile_static_memory<tile_static_memory<T>> : std::true_type {};

template <class T, int N>
std::string describe(const char* what) {
  return std::string(what) + "<" + (cl_type_name<T>().empty() ? "T" : cl_type_name<T>()) +
         (std::is_const_v<T> ? " const" : "") + ", " + std::to_string(N) + ">";
}

template <class T, int N>
bound_arg bind(const array_view<T, N>& v) {
  bound_arg b;
  b.what = bound_arg::kind::memory;
  b.store = v.storage();
  b.shape = v.shape();
  b.read_only_view = std::is_const_v<T>;
  b.element_size = sizeof(T);
  b.cl_type = cl_type_name<T>();
  b.description = describe<T, N>("array_view");
  return b;
}
template <class T, int N>
bound_arg bind(const array<T, N>& a) {
  bound_arg b;
  b.what = bound_arg::kind::memory;
  b.store = a.storage();
  b.shape = a.shape();
  b.element_size = sizeof(T);
  b.cl_type = cl_type_name<T>();
  b.description = describe<T, N>("array");
  return b;
}
template <class T>
bound_arg bind(const tile_static_memory<T>& m) {
  bound_arg b;
  b.what = bound_arg::kind::local_memory;
  b.local_bytes = m.count * sizeof(T);
  b.description = "tile_static_memory of " + std::to_string(m.count) + " elements";
  return b;
}
template <class T, class = std::enable_if_t<!is_array_like<T>::value && !is_tile_static_memory<T>::value>>
bound_arg bind(const T& value) {
  static_assert(std::is_trivially_copyable_v<T>,
                "a kernel argument must be an array, an array_view, tile_static_memory or a "
                "trivially copyable value");
  static_assert(!std::is_pointer_v<T>,
                "host pointers cannot be kernel arguments: wrap the data in an array_view");
  bound_arg b;
  b.what = bound_arg::kind::scalar;
  b.bytes.resize(sizeof(T));
  std::memcpy(b.bytes.data(), &value, sizeof(T));
  b.cl_type = cl_type_name<T>();
  b.description = b.cl_type.empty() ? "a " + std::to_string(sizeof(T)) + "-byte value" : b.cl_type;
  return b;
}

// The view a launch without an explicit accelerator_view runs on: that of the
// first array argument, else the default view (as C++ AMP picks it).
accelerator_view default_launch_view();
template <class T>
void pick_view(const T&, std::optional<accelerator_view>&) {}
template <class T, int N>
void pick_view(const array<T, N>& a, std::optional<accelerator_view>& out) {
  if (!out) out = a.get_accelerator_view();
}

// Compiles (cached), binds and enqueues. `tile` is AMP order; empty when untiled.
void launch(const accelerator_view& view, const kernel& k, int rank, const int* ext,
            const int* tile, std::vector<bound_arg>&& args);

template <class... Args>
std::vector<bound_arg> bind_all(const Args&... args) {
  std::vector<bound_arg> out;
  out.reserve(sizeof...(Args));
  (out.push_back(bind(args)), ...);
  return out;
}

template <class... Args>
accelerator_view view_for(const Args&... args) {
  std::optional<accelerator_view> v;
  (pick_view(args, v), ...);
  return v ? *v : default_launch_view();
}

template <int N>
void extent_to_ints(const extent<N>& e, int* out) {
  for (int d = 0; d < N; ++d) out[d] = e[d];
}

}  // namespace detail

template <int N, class... Args>
void parallel_for_each(const accelerator_view& view, const extent<N>& ext, const kernel& k,
                       const Args&... args) {
  int e[3];
  detail::extent_to_ints(ext, e);
  detail::launch(view, k, N, e, nullptr, detail::bind_all(args...));
}

template <int D0, int D1, int D2, class... Args>
void parallel_for_each(const accelerator_view& view, const tiled_extent<D0, D1, D2>& ext,
                       const kernel& k, const Args&... args) {
  constexpr int N = tiled_extent<D0, D1, D2>::rank;
  ext.check_divides_evenly();  // OpenCL 1.2 launches whole work-groups only
  int e[3];
  detail::extent_to_ints<N>(ext, e);
  const int tile[3] = {D0, D1, D2};
  detail::launch(view, k, N, e, tile, detail::bind_all(args...));
}

template <int N, class... Args>
void parallel_for_each(const extent<N>& ext, const kernel& k, const Args&... args) {
  parallel_for_each(detail::view_for(args...), ext, k, args...);
}

template <int D0, int D1, int D2, class... Args>
void parallel_for_each(const tiled_extent<D0, D1, D2>& ext, const kernel& k,
                       const Args&... args) {
  parallel_for_each(detail::view_for(args...), ext, k, args...);
}

}  // namespace ampcl
