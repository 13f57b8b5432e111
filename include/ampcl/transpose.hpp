// out = transpose(in) for rank-2 views, sections included (kernels/transpose.cl).
#pragma once

#include <ampcl/detail/library_kernels.hpp>
#include <type_traits>

namespace ampcl {

template <class In, class T>
void transpose(const accelerator_view& view, const array_view<In, 2>& in,
               const array_view<T, 2>& out) {
  static_assert(std::is_same_v<std::remove_const_t<In>, T>, "transpose: element types differ");
  const auto e = in.get_extent();
  if (out.get_extent()[0] != e[1] || out.get_extent()[1] != e[0])
    throw runtime_exception("transpose: the output's extent must be the input's swapped (" +
                            std::to_string(e[1]) + ", " + std::to_string(e[0]) + "), not " +
                            out.get_extent().to_string());
  constexpr std::size_t tile = 32, rows = 8;
  if (detail::library_device_is_cpu(view)) {
    const kernel k = detail::library_kernel("transpose.cl", "transpose_blocks",
                                            "-DT=" + detail::cl_type_name<T>() + " -DTILE=16");
    const std::size_t global[2] = {detail::round_up(e[1], 16) / 16,
                                   detail::round_up(e[0], 16) / 16};
    const std::size_t local[2] = {1, 1};
    detail::launch_opencl_order(view, k, 2, global, local, in, out);
    return;
  }
  const kernel k =
      detail::library_kernel("transpose.cl", "transpose_tiled",
                             "-DT=" + detail::cl_type_name<T>() + " -DTILE=32 -DROWS=8");
  const std::size_t global[2] = {detail::round_up(e[1], tile),
                                 detail::round_up(e[0], tile) / tile * rows};
  const std::size_t local[2] = {tile, rows};
  detail::launch_opencl_order(view, k, 2, global, local, in, out);
}
template <class In, class T>
void transpose(const array_view<In, 2>& in, const array_view<T, 2>& out) {
  transpose(detail::library_view(in.storage()), in, out);
}

}  // namespace ampcl
