// out = transpose(in) for rank-2 views, sections included (kernels/transpose.cl).
#pragma once

#include <algorithm>
#include <ampcl/detail/library_kernels.hpp>
#include <type_traits>

namespace ampcl {

namespace detail {
// Tile shape of transpose_tiled (kernels/transpose.cl); tile == 0: the CPU kernel.
// GPUs: 64 x 64 tiles, 16 x 16 work-items each moving four float4s (H200: 0.95x
// copy at 2^28 floats, 0.93x at 2^30; 32 x 32 scalar tiles: 0.82x, 0.80x). Overridable
// with AMPCL_TRANSPOSE_PARAMS="TILE,ROWS,VEC" (also forces the tiled kernel on CPUs).
// CPUs: transpose_blocks4, a cpu_tile x cpu_tile tile per work-item, in groups of
// cpu_group_x x cpu_group_y items (PoCL on a 2-core EPYC, 2^22..2^24 floats: 0.3-0.55x
// copy, from 0.1x for a scalar 16 x 16 block per item; 16- and 64-wide tiles, or one
// 4 x 4 block per item, were slower).
struct transpose_shape {
  int tile = 64, rows = 16, vec = 4;
  int cpu_tile = 32, cpu_group_x = 1, cpu_group_y = 8;
};
transpose_shape transpose_parameters(const accelerator_view& view);
}  // namespace detail

template <class In, class T>
void transpose(const accelerator_view& view, const array_view<In, 2>& in,
               const array_view<T, 2>& out) {
  static_assert(std::is_same_v<std::remove_const_t<In>, T>, "transpose: element types differ");
  const auto e = in.get_extent();
  if (out.get_extent()[0] != e[1] || out.get_extent()[1] != e[0])
    throw runtime_exception("transpose: the output's extent must be the input's swapped (" +
                            std::to_string(e[1]) + ", " + std::to_string(e[0]) + "), not " +
                            out.get_extent().to_string());
  const detail::transpose_shape p = detail::transpose_parameters(view);
  // CPUs (PoCL): a cpu_tile-square tile per work-item, in 4 x 4 blocks of vload4s
  // and vstore4s; rows must have unit inner stride, and T a scalar with a T4 type.
  const bool scalar = std::is_arithmetic_v<T> && !std::is_same_v<T, bool>;
  if (p.tile == 0 && scalar && in.shape().stride[1] == 1 && out.shape().stride[1] == 1) {
    const kernel k = detail::library_kernel(
        "transpose.cl", "transpose_blocks4",
        "-DT=" + detail::cl_type_name<T>() + " -DCT=" + std::to_string(p.cpu_tile));
    const std::size_t wx = p.cpu_group_x, wy = p.cpu_group_y;
    const std::size_t ct = p.cpu_tile;
    const std::size_t global[2] = {detail::round_up((e[1] + ct - 1) / ct, wx),
                                   detail::round_up((e[0] + ct - 1) / ct, wy)};
    const std::size_t local[2] = {wx, wy};
    detail::launch_opencl_order(view, k, 2, global, local, in, out);
    return;
  }
  if (p.tile == 0) {  // CPUs, other element types: one work-item per block
    const kernel k = detail::library_kernel("transpose.cl", "transpose_blocks",
                                            "-DT=" + detail::cl_type_name<T>() + " -DTILE=16");
    const std::size_t global[2] = {detail::round_up(e[1], 16) / 16,
                                   detail::round_up(e[0], 16) / 16};
    const std::size_t local[2] = {1, 1};
    detail::launch_opencl_order(view, k, 2, global, local, in, out);
    return;
  }
  // float4-wide rows need 4-byte scalars, 16-byte aligned rows and extents of 4s.
  auto rows4 = [](const auto& v) {
    return v.shape().offset % 4 == 0 && v.shape().stride[0] % 4 == 0;
  };
  const bool vec = p.vec == 4 && sizeof(T) == 4 && std::is_arithmetic_v<T> && e[0] % 4 == 0 &&
                   e[1] % 4 == 0 && rows4(in) && rows4(out);
  // The scalar kernel has a work-item per column: keep its tile at 32 x 8 items
  // (NVIDIA allows 256 per group for this kernel, a 64-wide tile would need more).
  const std::size_t tile = vec ? p.tile : std::min(p.tile, 32),
                    rows = vec ? p.rows : std::min(p.rows, 8), width = vec ? tile / 4 : tile;
  const kernel k = detail::library_kernel(
      "transpose.cl", "transpose_tiled",
      "-DT=" + std::string(detail::cl_type_name<T>()) + " -DTILE=" + std::to_string(tile) +
          " -DROWS=" + std::to_string(rows) + (vec ? " -DVEC=4" : " -DVEC=1"));
  const std::size_t global[2] = {detail::round_up(e[1], tile) / tile * width,
                                 detail::round_up(e[0], tile) / tile * rows};
  const std::size_t local[2] = {width, rows};
  detail::launch_opencl_order(view, k, 2, global, local, in, out);
}
template <class In, class T>
void transpose(const array_view<In, 2>& in, const array_view<T, 2>& out) {
  transpose(detail::library_view(in.storage()), in, out);
}

}  // namespace ampcl
