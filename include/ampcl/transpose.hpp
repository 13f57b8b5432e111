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

template <class In, class Out, class = std::enable_if_t<detail::are_views_v<In, Out>>>
void transpose(const accelerator_view& view, const In& in, const Out& out) {
  static_assert(detail::same_elements_v<In, Out>, "transpose: element types differ");
  static_assert(detail::view_rank_v<In> == 2 && detail::view_rank_v<Out> == 2,
                "transpose: matrices (rank 2)");
  detail::transpose_launch(view, detail::bind_view(in), detail::bind_view(out));
}
template <class In, class Out, class = std::enable_if_t<detail::are_views_v<In, Out>>>
void transpose(const In& in, const Out& out) {
  transpose(detail::library_view_of(in), in, out);
}

}  // namespace ampcl
