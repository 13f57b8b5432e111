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
template <class In, class T, int N>
void reduce(const accelerator_view& view, const array_view<In, N>& in,
            const array_view<T, 1>& result, reduce_op op = reduce_op::sum) {
  static_assert(std::is_same_v<std::remove_const_t<In>, T>, "reduce: element types differ");
  const T identity = detail::reduce_identity<T>(op);
  detail::reduce_launch(view, detail::bind(in), detail::bind(result), op, detail::bind(identity));
}
template <class In, class T, int N>
void reduce(const array_view<In, N>& in, const array_view<T, 1>& result,
            reduce_op op = reduce_op::sum) {
  reduce(detail::library_view(in.storage()), in, result, op);
}

// The reduction of `in`, read back to the host.
template <class In, int N>
std::remove_const_t<In> reduce(const array_view<In, N>& in, reduce_op op = reduce_op::sum) {
  using T = std::remove_const_t<In>;
  std::vector<T> host(1);
  array_view<T, 1> result(1, host);
  result.discard_data();
  reduce(in, result, op);
  result.synchronize();
  return host[0];
}

}  // namespace ampcl
