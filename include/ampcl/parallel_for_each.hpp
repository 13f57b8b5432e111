// parallel_for_each: runs a kernel over an extent or a tiled extent.
//
//   ampcl::kernel add = ampcl::kernel::from_file("add.cl", "add_arrays");
//   ampcl::parallel_for_each(sum.get_extent(), add, a, b, sum);
//
// Arrays and array_views bind to AMPCL_VIEW parameters (pointer and shape) or to
// plain __global pointers; scalars bind by value; ampcl::tile_static_memory<T>(n)
// binds a __local buffer. Views the kernel reads are copied to the device first;
// views it may write (non-const parameters) become device-current. Textures and
// their views bind to image parameters and samplers to sampler_t, through bind()
// overloads in ampcl::graphics (texture_view.hpp, found by argument-dependent lookup).
#pragma once

#include <ampcl/accelerator.hpp>
#include <ampcl/array_view.hpp>
#include <ampcl/detail/bound_arg.hpp>
#include <ampcl/detail/cl_type_name.hpp>
#include <ampcl/extent.hpp>
#include <ampcl/kernel.hpp>
#include <ampcl/ndrange.hpp>

#include <array>
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

// Arrays and array_views bind through their own bind() (ampcl/concurrency/array_view.h),
// found by argument-dependent lookup.
template <class T>
bound_arg bind(const tile_static_memory<T>& m) {
  bound_arg b;
  b.what = bound_arg::kind::local_memory;
  b.size = m.count * sizeof(T);
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
  b.value = &value;
  b.size = sizeof(T);
  b.cl_type = cl_type_spelling<T>();
  return b;
}

// The view a launch without an explicit accelerator_view runs on: that of the
// first array argument, else the default view (as C++ AMP picks it).
accelerator_view default_launch_view();
// Arrays pick theirs through their own pick_view() (ampcl/concurrency/array.h).
template <class T>
void pick_view(const T&, std::optional<accelerator_view>&) {}

// Compiles (cached), binds and enqueues. `tile` is AMP order; null when untiled.
void launch(const accelerator_view& view, const kernel& k, int rank, const int* ext,
            const int* tile, const bound_arg* args, std::size_t count);

// The arguments, bound on the stack: a launch allocates nothing for them.
template <class... Args>
std::array<bound_arg, sizeof...(Args)> bind_all(const Args&... args) {
  return {bind(args)...};
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
  const auto bound = detail::bind_all(args...);
  detail::launch(view, k, N, e, nullptr, bound.data(), bound.size());
}

template <int D0, int D1, int D2, class... Args>
void parallel_for_each(const accelerator_view& view, const tiled_extent<D0, D1, D2>& ext,
                       const kernel& k, const Args&... args) {
  constexpr int N = tiled_extent<D0, D1, D2>::rank;
  check_divides_evenly(ext);  // OpenCL 1.2 launches whole work-groups only
  int e[3];
  detail::extent_to_ints<N>(ext, e);
  const int tile[3] = {D0, D1, D2};
  const auto bound = detail::bind_all(args...);
  detail::launch(view, k, N, e, tile, bound.data(), bound.size());
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
