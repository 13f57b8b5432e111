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
template <class In, class Out, class = std::enable_if_t<detail::are_views_v<In, Out>>>
void transform(const accelerator_view& view, const In& in, const Out& out,
               const std::string& expression_of_x) {
  static_assert(detail::same_elements_v<In, Out>, "transform: element types differ");
  static_assert(detail::view_rank_v<In> == detail::view_rank_v<Out>, "transform: ranks differ");
  detail::transform_launch(view, expression_of_x, detail::bind_view(in), nullptr,
                           detail::bind_view(out));
}
template <class In, class Out, class = std::enable_if_t<detail::are_views_v<In, Out>>>
void transform(const In& in, const Out& out, const std::string& expression_of_x) {
  transform(detail::library_view_of(in), in, out, expression_of_x);
}

template <class A, class B, class Out, class = std::enable_if_t<detail::are_views_v<A, B, Out>>>
void transform(const accelerator_view& view, const A& a, const B& b, const Out& out,
               const std::string& expression_of_a_b) {
  static_assert(detail::same_elements_v<A, Out> && detail::same_elements_v<B, Out>,
                "transform: element types differ");
  static_assert(detail::view_rank_v<A> == detail::view_rank_v<Out> &&
                    detail::view_rank_v<B> == detail::view_rank_v<Out>,
                "transform: ranks differ");
  const detail::bound_arg bb = detail::bind_view(b);
  detail::transform_launch(view, expression_of_a_b, detail::bind_view(a), &bb,
                           detail::bind_view(out));
}
template <class A, class B, class Out, class = std::enable_if_t<detail::are_views_v<A, B, Out>>>
void transform(const A& a, const B& b, const Out& out, const std::string& expression_of_a_b) {
  transform(detail::library_view_of(a), a, b, out, expression_of_a_b);
}

template <class In, class Out, class = std::enable_if_t<detail::are_views_v<In, Out>>>
void copy_elements(const In& in, const Out& out) {
  transform(in, out, "x");
}

}  // namespace ampcl
