#include <ampcl/errors.hpp>
#include <ampcl/transpose.hpp>
#include <cstdio>
#include <cstdlib>

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
  return p;
}

}  // namespace ampcl::detail
