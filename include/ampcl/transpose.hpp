// out = transpose(in) for rank-2 views, sections included (kernels/transpose.cl).
// The variant for the device and the element type, and its tuning, are chosen in
// lib/algorithms/transpose.cpp; AMPCL_TRANSPOSE_PARAMS and AMPCL_TRANSPOSE_CPU
// override the tuning (README, docs/tuning.md).
#pragma once

#include <ampcl/detail/library_kernels.hpp>
#include <type_traits>

namespace ampcl {

namespace detail {
void transpose_launch(const accelerator_view& view, const bound_arg& in, const bound_arg& out);
}

template <class In, class T>
void transpose(const accelerator_view& view, const array_view<In, 2>& in,
               const array_view<T, 2>& out) {
  static_assert(std::is_same_v<std::remove_const_t<In>, T>, "transpose: element types differ");
  detail::transpose_launch(view, detail::bind(in), detail::bind(out));
}
template <class In, class T>
void transpose(const array_view<In, 2>& in, const array_view<T, 2>& out) {
  transpose(detail::library_view(in.storage()), in, out);
}

}  // namespace ampcl
