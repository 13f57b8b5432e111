// Element-wise maps over contiguous views, from OpenCL C expressions:
//
//   ampcl::transform(in, out, "x * 2.0f + 1.0f");        // out[i] = f(in[i])
//   ampcl::transform(a, b, out, "a * 3.0f + b");         // out[i] = f(a[i], b[i])
//
// The expression must be valid for both the element type and its 4-vector
// (float and float4): builtins (sin, fma, max, ...) and arithmetic are. Each
// distinct expression is compiled once per device. Runs at copy bandwidth
// (kernels/transform.cl).
#pragma once

#include <algorithm>
#include <ampcl/detail/library_kernels.hpp>
#include <string>
#include <type_traits>

namespace ampcl {

namespace detail {
template <class T, int N>
int checked_contiguous_size(const array_view<T, N>& v, const char* what) {
  if (!v.is_contiguous())
    throw runtime_exception(std::string(what) +
                            ": the kernel library's element-wise functions "
                            "need contiguous views; this one is a section with gaps");
  return static_cast<int>(v.get_extent().size());
}
template <class T>
std::string transform_options(bool aligned) {
  return "-DT=" + cl_type_name<T>() + (aligned ? " -DALIGNED" : "");
}
}  // namespace detail

// `In` may be T or const T.
template <class In, class T, int N>
void transform(const accelerator_view& view, const array_view<In, N>& in,
               const array_view<T, N>& out, const std::string& expression_of_x) {
  static_assert(std::is_same_v<std::remove_const_t<In>, T>, "transform: element types differ");
  const int n = detail::checked_contiguous_size(in, "transform");
  if (detail::checked_contiguous_size(out, "transform") != n)
    throw runtime_exception("transform: input and output views differ in size");
  const bool aligned = detail::starts_aligned16(in) && detail::starts_aligned16(out);
  const kernel k = detail::library_kernel_with_prefix(
      "transform.cl", "transform_unary", "#define AMPCL_MAP(x) (" + expression_of_x + ")\n",
      detail::transform_options<T>(aligned));
  const std::size_t local = 256, global = detail::round_up(std::max(n / 4, 1), local);
  detail::launch_opencl_order(view, k, 1, &global, &local, in, out, n);
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
  const int n = detail::checked_contiguous_size(a, "transform");
  if (detail::checked_contiguous_size(b, "transform") != n ||
      detail::checked_contiguous_size(out, "transform") != n)
    throw runtime_exception("transform: input and output views differ in size");
  const bool aligned =
      detail::starts_aligned16(a) && detail::starts_aligned16(b) && detail::starts_aligned16(out);
  const kernel k = detail::library_kernel_with_prefix(
      "transform.cl", "transform_binary", "#define AMPCL_MAP2(a, b) (" + expression_of_a_b + ")\n",
      detail::transform_options<T>(aligned));
  const std::size_t local = 256, global = detail::round_up(std::max(n / 4, 1), local);
  detail::launch_opencl_order(view, k, 1, &global, &local, a, b, out, n);
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
