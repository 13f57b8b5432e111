// Reductions of a contiguous view to one value (kernels/reduce.cl, routine in
// lib/algorithms/reduce.cpp):
//
//   float total = ampcl::reduce(v);                          // sum, result on the host
//   ampcl::reduce(v, result, ampcl::reduce_op::max);        // result stays on the device
#pragma once

#include <ampcl/detail/library_kernels.hpp>
#include <limits>
#include <type_traits>
#include <vector>

namespace ampcl {

enum class reduce_op { sum = 0, min = 1, max = 2 };

namespace detail {
// `identity`: the operation's neutral value, of the element type.
void reduce_launch(const accelerator_view& view, const bound_arg& in, const bound_arg& result,
                   reduce_op op, const bound_arg& identity);

template <class T>
T reduce_identity(reduce_op op) {
  if (op == reduce_op::sum) return T(0);
  if constexpr (std::numeric_limits<T>::has_infinity)
    return op == reduce_op::min ? std::numeric_limits<T>::infinity()
                                : -std::numeric_limits<T>::infinity();
  return op == reduce_op::min ? std::numeric_limits<T>::max() : std::numeric_limits<T>::lowest();
}
}  // namespace detail

// result[0] = the reduction of `in`; stays on the device until read.
template <class In, class Result, class = std::enable_if_t<detail::are_views_v<In, Result>>>
void reduce(const accelerator_view& view, const In& in, const Result& result,
            reduce_op op = reduce_op::sum) {
  static_assert(detail::same_elements_v<In, Result>, "reduce: element types differ");
  static_assert(detail::view_rank_v<Result> == 1, "reduce: the result is a rank-1 view");
  using T = detail::view_element_t<Result>;
  const T identity = detail::reduce_identity<T>(op);
  detail::reduce_launch(view, detail::bind_view(in), detail::bind_view(result), op,
                        detail::bind(identity));
}
template <class In, class Result, class = std::enable_if_t<detail::are_views_v<In, Result>>>
void reduce(const In& in, const Result& result, reduce_op op = reduce_op::sum) {
  reduce(detail::library_view_of(in), in, result, op);
}

// The reduction of `in`, read back to the host.
template <class In, class = std::enable_if_t<detail::are_views_v<In>>>
std::remove_const_t<detail::view_element_t<In>> reduce(const In& in,
                                                        reduce_op op = reduce_op::sum) {
  using T = std::remove_const_t<detail::view_element_t<In>>;
  std::vector<T> host(1);
  array_view<T, 1> result(1, host);
  result.discard_data();
  reduce(in, result, op);
  result.synchronize();
  return host[0];
}

}  // namespace ampcl
