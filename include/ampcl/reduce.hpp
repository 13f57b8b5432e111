// Reductions of a contiguous view to one value (kernels/reduce.cl):
//
//   float total = ampcl::reduce(v);                          // sum, result on the host
//   ampcl::reduce(v, result, ampcl::reduce_op::max);        // result stays on the device
#pragma once

#include <algorithm>
#include <ampcl/array.hpp>
#include <ampcl/detail/library_kernels.hpp>
#include <ampcl/transform.hpp>
#include <limits>
#include <memory>
#include <type_traits>
#include <vector>

namespace ampcl {

enum class reduce_op { sum = 0, min = 1, max = 2 };

namespace detail {
constexpr int reduce_group_size = 256;
// Number of work-groups for the first pass: enough to fill the device, no more
// than the input can keep busy.
int reduce_groups(const accelerator_view& view, int n);
// Scratch for the partials, one buffer per view and element size, reused.
array<unsigned char, 1>& reduce_scratch(const accelerator_view& view, std::size_t bytes);

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
  const int n = detail::checked_contiguous_size(in, "reduce");
  const int groups = detail::reduce_groups(view, n);
  auto& scratch = detail::reduce_scratch(view, groups * sizeof(T));
  const std::string options = "-DT=" + detail::cl_type_name<T>() +
                              " -DOP=" + std::to_string(static_cast<int>(op)) +
                              " -DWG=" + std::to_string(detail::reduce_group_size) +
                              (detail::starts_aligned16(in) ? " -DALIGNED" : "") +
                              (detail::library_device_is_cpu(view) ? " -DCONTIGUOUS" : "");
  const kernel first = detail::library_kernel("reduce.cl", "reduce_partials", options);
  const kernel last = detail::library_kernel("reduce.cl", "reduce_final", options);
  const T identity = detail::reduce_identity<T>(op);
  const cl_mem partials = scratch.storage()->device_buffer(view, false, true);
  std::size_t local = detail::reduce_group_size, global = local * groups;
  detail::launch_opencl_order(view, first, 1, &global, &local, in, n, identity,
                              detail::raw_buffer_arg{partials});
  global = local;
  detail::launch_opencl_order(view, last, 1, &global, &local, detail::raw_buffer_arg{partials},
                              groups, identity, result);
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
