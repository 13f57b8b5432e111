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
// CPUs: transpose_lines, a cpu_tile_rows x cpu_tile_cols tile per work-item in 16 x 16
// blocks (8 x 8 for 8-byte types), in groups of cpu_group_x x cpu_group_y items (fewer
// rows per group where that leaves under 8 groups per compute unit). cpu_nt: 1
// non-temporal stores where the output's rows allow, 2 (default) only for outputs of
// 4 MiB and more (a 16-core Xeon lost at 1 MiB, gained from 4 MiB). cpu_walk_rows: 1
// blocks along in's rows with prefetches, 2 (default) only where in exceeds half the
// device's global memory cache (from memory; while cached, walking down its columns
// writes longer runs). Floats, 2^22 / 2^24, transpose over the bandwidth suite's copy:
// 2-core EPYC (Zen 5) 0.73x / 0.76-0.93x (32 x 32 tiles of 4 x 4 blocks: 0.3x /
// 0.4-0.6x), over clEnqueueCopyBuffer 1.15x / 1.02x (0.48x / 0.63x); 16-core Xeon
// 0.74-0.93x / 0.74-0.87x (0.52-0.56x / 0.56-0.70x). Without non-temporal stores,
// 0.6-0.7x the speed at 2^24 on both. (ampcl-bench-compare --device pocl --suites
// bandwidth --max-log2 24, and --suites transpose for the clEnqueueCopyBuffer ratio.)
// AMPCL_TRANSPOSE_CPU="ROWS,COLS,GX,GY,NT,WALK" overrides these (ROWS, COLS multiples of 16; NT,
// WALK 0, 1 or 2).
struct transpose_shape {
  int tile = 64, rows = 16, vec = 4;
  int cpu_tile_rows = 128, cpu_tile_cols = 64, cpu_group_x = 1, cpu_group_y = 4;
  int cpu_nt = 2, cpu_walk_rows = 2;
};
transpose_shape transpose_parameters(const accelerator_view& view);
// transpose_lines' launch for a rows x cols matrix of elem_bytes elements.
struct transpose_cpu_launch {
  std::size_t global[2], local[2];
  bool nt, walk_rows;
};
transpose_cpu_launch transpose_cpu_plan(const accelerator_view& view, const transpose_shape& p,
                                        int rows, int cols, std::size_t elem_bytes);
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
  // CPUs (PoCL): a tile per work-item, in blocks of whole vector rows; rows must have
  // unit inner stride, and T a scalar with vector types.
  const bool scalar = std::is_arithmetic_v<T> && !std::is_same_v<T, bool>;
  if (p.tile == 0 && scalar && in.shape().stride[1] == 1 && out.shape().stride[1] == 1) {
    const detail::transpose_cpu_launch l =
        detail::transpose_cpu_plan(view, p, e[0], e[1], sizeof(T));
    const kernel k = detail::library_kernel(
        "transpose.cl", "transpose_lines",
        "-DT=" + detail::cl_type_name<T>() + " -DCTR=" + std::to_string(p.cpu_tile_rows) +
            " -DCTC=" + std::to_string(p.cpu_tile_cols) +
            (sizeof(T) >= 8 ? " -DCB=8" : " -DCB=16") + (l.nt ? " -DCPU_NT=1" : " -DCPU_NT=0") +
            (l.walk_rows ? " -DWALK_ROWS=1" : " -DWALK_ROWS=0"));
    detail::launch_opencl_order(view, k, 2, l.global, l.local, in, out);
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
