#include <ampcl/errors.hpp>
#include <ampcl/transpose.hpp>
#include <cstdio>
#include <cstdlib>

#include "devices/device_state.hpp"

namespace ampcl::detail {

transpose_shape transpose_parameters(const accelerator_view& view) {
  transpose_shape p;
  if (const char* env = std::getenv("AMPCL_TRANSPOSE_PARAMS")) {
    transpose_shape q;
    // Work-groups of at most 1024 items, tiles of whole rows per pass, 48 KiB local.
    if (std::sscanf(env, "%d,%d,%d", &q.tile, &q.rows, &q.vec) == 3 && q.tile > 0 && q.rows > 0 &&
        (q.vec == 1 || q.vec == 4) && q.tile % q.vec == 0 && q.tile % q.rows == 0 &&
        (q.tile / q.vec) * q.rows <= 1024 && q.tile * (q.tile + 1) * 8 <= 48 * 1024)
      return q;
    throw runtime_exception(std::string("AMPCL_TRANSPOSE_PARAMS='") + env +
                            "' is not TILE,ROWS,VEC (VEC 1 or 4, TILE a multiple of ROWS and VEC)");
  }
  if (library_device_is_cpu(view)) p.tile = 0;
  if (const char* env = std::getenv("AMPCL_TRANSPOSE_CPU")) {
    transpose_shape q = p;
    auto mode = [](int m) { return m >= 0 && m <= 2; };
    if (std::sscanf(env, "%d,%d,%d,%d,%d,%d", &q.cpu_tile_rows, &q.cpu_tile_cols, &q.cpu_group_x,
                    &q.cpu_group_y, &q.cpu_nt, &q.cpu_walk_rows) == 6 &&
        q.cpu_tile_rows > 0 && q.cpu_tile_rows % 16 == 0 && q.cpu_tile_cols > 0 &&
        q.cpu_tile_cols % 16 == 0 && q.cpu_group_x > 0 && q.cpu_group_y > 0 &&
        q.cpu_group_x * q.cpu_group_y <= 1024 && mode(q.cpu_nt) && mode(q.cpu_walk_rows))
      return q;
    throw runtime_exception(std::string("AMPCL_TRANSPOSE_CPU='") + env +
                            "' is not ROWS,COLS,GX,GY,NT,WALK (ROWS and COLS multiples of 16, "
                            "NT and WALK 0, 1 or 2)");
  }
  return p;
}

transpose_cpu_launch transpose_cpu_plan(const accelerator_view& view, const transpose_shape& p,
                                        int rows, int cols, std::size_t elem_bytes) {
  cl_ulong cache = 0;
  if (clGetDeviceInfo(view.state()->dev->device, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, sizeof cache,
                      &cache, nullptr) != CL_SUCCESS)
    cache = 0;
  const std::size_t bytes = std::size_t(rows) * cols * elem_bytes;
  transpose_cpu_launch l{};
  l.nt = p.cpu_nt == 1 || (p.cpu_nt == 2 && bytes >= (std::size_t(4) << 20));
  l.walk_rows = p.cpu_walk_rows == 1 || (p.cpu_walk_rows == 2 && 2 * bytes > cache);
  const std::size_t tr = p.cpu_tile_rows, tc = p.cpu_tile_cols, gx = p.cpu_group_x;
  const std::size_t tiles_x = (cols + tc - 1) / tc, tiles_y = (rows + tr - 1) / tr;
  // Fewer rows of tiles per group where that leaves PoCL under 8 groups per thread.
  const std::size_t want = 8 * std::max(1u, library_compute_units(view));
  std::size_t wy = p.cpu_group_y;
  while (wy > 1 && (tiles_x + gx - 1) / gx * ((tiles_y + wy - 1) / wy) < want) wy /= 2;
  l.local[0] = gx;
  l.local[1] = wy;
  l.global[0] = round_up(tiles_x, gx);
  l.global[1] = round_up(tiles_y, wy);
  return l;
}

}  // namespace ampcl::detail
