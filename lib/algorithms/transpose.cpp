// out = transpose(in): the variant (transpose_lines, transpose_blocks or
// transpose_tiled), its -D strings and its geometry; shapes from algorithms/tuning.hpp.
#include <algorithm>
#include <ampcl/errors.hpp>
#include <ampcl/transpose.hpp>
#include <string>

#include "algorithms/routine.hpp"
#include "algorithms/tuning.hpp"
#include "devices/device_state.hpp"

namespace ampcl::detail {

namespace {

// transpose_lines over a rows x cols matrix: a tile per work-item in blocks of
// whole vector rows, groups shrunk where they would leave PoCL under 8 per thread.
void launch_lines(const accelerator_view& view, const transpose_tuning& p, const bound_arg& in,
                  const bound_arg& out, int rows, int cols) {
  cl_ulong cache = 0;
  if (clGetDeviceInfo(view.state()->dev->device, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, sizeof cache,
                      &cache, nullptr) != CL_SUCCESS)
    cache = 0;
  const std::size_t bytes = std::size_t(rows) * cols * in.element_size;
  const bool nt = p.cpu_nt == 1 || (p.cpu_nt == 2 && bytes >= (std::size_t(4) << 20));
  const bool walk_rows = p.cpu_walk_rows == 1 || (p.cpu_walk_rows == 2 && 2 * bytes > cache);
  const std::size_t tr = p.cpu_tile_rows, tc = p.cpu_tile_cols, gx = p.cpu_group_x;
  const std::size_t tiles_x = (cols + tc - 1) / tc, tiles_y = (rows + tr - 1) / tr;
  const std::size_t want = 8 * std::max(1u, library_compute_units(view));
  std::size_t gy = p.cpu_group_y;
  while (gy > 1 && (tiles_x + gx - 1) / gx * ((tiles_y + gy - 1) / gy) < want) gy /= 2;
  const kernel k = library_kernel(
      "transpose.cl", "transpose_lines",
      "-DT=" + std::string(in.cl_type) + " -DCTR=" + std::to_string(p.cpu_tile_rows) + " -DCTC=" +
          std::to_string(p.cpu_tile_cols) + (in.element_size >= 8 ? " -DCB=8" : " -DCB=16") +
          (nt ? " -DCPU_NT=1" : " -DCPU_NT=0") + (walk_rows ? " -DWALK_ROWS=1" : " -DWALK_ROWS=0"));
  const std::size_t global[2] = {round_up(tiles_x, gx), round_up(tiles_y, gy)};
  const std::size_t local[2] = {gx, gy};
  launch_opencl_order(view, k, 2, global, local, {in, out});
}

// transpose_blocks: one work-item per 16 x 16 block, any element type.
void launch_blocks(const accelerator_view& view, const bound_arg& in, const bound_arg& out,
                   int rows, int cols) {
  const kernel k = library_kernel("transpose.cl", "transpose_blocks",
                                  "-DT=" + std::string(in.cl_type) + " -DTILE=16");
  const std::size_t global[2] = {round_up(cols, 16) / 16, round_up(rows, 16) / 16};
  const std::size_t local[2] = {1, 1};
  launch_opencl_order(view, k, 2, global, local, {in, out});
}

// transpose_tiled: tiles through tile_static memory, float4 rows where aligned.
void launch_tiled(const accelerator_view& view, const transpose_tuning& p, const bound_arg& in,
                  const bound_arg& out, int rows, int cols) {
  // float4-wide rows need 4-byte scalars, 16-byte aligned rows and extents of 4s.
  auto rows4 = [](const bound_arg& v) {
    return v.shape.offset % 4 == 0 && v.shape.stride[0] % 4 == 0;
  };
  const bool vec = p.vec == 4 && in.element_size == 4 && is_scalar_type(in) && rows % 4 == 0 &&
                   cols % 4 == 0 && rows4(in) && rows4(out);
  // The scalar kernel has a work-item per column: keep its tile at 32 x 8 items
  // (NVIDIA allows 256 per group for this kernel, a 64-wide tile would need more).
  const std::size_t tile = vec ? p.tile : std::min(p.tile, 32),
                    rows_per_pass = vec ? p.rows : std::min(p.rows, 8),
                    width = vec ? tile / 4 : tile;
  const kernel k = library_kernel(
      "transpose.cl", "transpose_tiled",
      "-DT=" + std::string(in.cl_type) + " -DTILE=" + std::to_string(tile) +
          " -DROWS=" + std::to_string(rows_per_pass) + (vec ? " -DVEC=4" : " -DVEC=1"));
  const std::size_t global[2] = {round_up(cols, tile) / tile * width,
                                 round_up(rows, tile) / tile * rows_per_pass};
  const std::size_t local[2] = {width, rows_per_pass};
  launch_opencl_order(view, k, 2, global, local, {in, out});
}

}  // namespace

void transpose_launch(const accelerator_view& view, const bound_arg& in, const bound_arg& out) {
  const int rows = in.shape.extent[0], cols = in.shape.extent[1];
  if (out.shape.extent[0] != cols || out.shape.extent[1] != rows)
    throw runtime_exception("transpose: the output's extent must be the input's swapped (" +
                            std::to_string(cols) + ", " + std::to_string(rows) + "), not (" +
                            std::to_string(out.shape.extent[0]) + ", " +
                            std::to_string(out.shape.extent[1]) + ")");
  const transpose_tuning p = transpose_tuning_for(view);
  if (p.tile != 0)
    launch_tiled(view, p, in, out, rows, cols);
  else if (is_scalar_type(in) && in.shape.stride[1] == 1 && out.shape.stride[1] == 1)
    launch_lines(view, p, in, out, rows, cols);  // rows with unit inner stride
  else
    launch_blocks(view, in, out, rows, cols);
}

}  // namespace ampcl::detail
