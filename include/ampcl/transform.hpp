// Element-wise maps over contiguous views, from OpenCL C expressions:
//
//   ampcl::transform(in, out, "x * 2.0f + 1.0f");        // out[i] = f(in[i])
//   ampcl::transform(a, b, out, "a * 3.0f + b");         // out[i] = f(a[i], b[i])
//
// The expression must be valid for both the element type and its 4-vector
// (float and float4): builtins (sin, fma, max, ...) and arithmetic are. Each
// distinct expression is compiled once per device. Runs at copy bandwidth
// (kernels/transform.cl, routine in lib/algorithms/transform.cpp).
#pragma once

#include <ampcl/detail/library_kernels.hpp>
#include <string>
#include <type_traits>

namespace ampcl {

namespace detail {
// out = f(in) with f the expression of x; `b` null for the unary form, else
// out = f(a, b) with f the expression of a and b.
void transform_launch(const accelerator_view& view, const std::string& expression,
                      const bound_arg& a, const bound_arg* b, const bound_arg& out);
}  // namespace detail

// `In` may be T or const T.
template <class In, class T, int N>
void transform(const accelerator_view& view, const array_view<In, N>& in,
               const array_view<T, N>& out, const std::string& expression_of_x) {
  static_assert(std::is_same_v<std::remove_const_t<In>, T>, "transform: element types differ");
  detail::transform_launch(view, expression_of_x, detail::bind(in), nullptr, detail::bind(out));
}
template <class In, class T, int N>
void transform(const array_view<In, N>& in, const array_view<T, N>& out,
               const std::string& expression_of_x) {
  transform(detail::library_view(in.storage()), in, out, expression_of_x);
}

template <class A, class B, class T, int N>
void transform(const accelerator_view& view, const array_view<A, N>& a, const array_view<B, N>& b,
               const array_view<T, N>& out, const std::string& expression_of_a_b) {
  static_assert(
      std::is_same_v<std::remove_const_t<A>, T> && std::is_same_v<std::remove_const_t<B>, T>,
      "transform: element types differ");
  const detail::bound_arg bb = detail::bind(b);
  detail::transform_launch(view, expression_of_a_b, detail::bind(a), &bb, detail::bind(out));
}
template <class A, class B, class T, int N>
void transform(const array_view<A, N>& a, const array_view<B, N>& b, const array_view<T, N>& out,
               const std::string& expression_of_a_b) {
  transform(detail::library_view(a.storage()), a, b, out, expression_of_a_b);
}

// out = in, through the map kernel (a device-side copy at full bandwidth).
template <class In, class T, int N>
void copy_elements(const array_view<In, N>& in, const array_view<T, N>& out) {
  transform(in, out, "x");
}

}  // namespace ampcl
