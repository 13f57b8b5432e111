// The documents' SamplingExample: the variant (tile_average_strips on GPUs and
// PoCL, tile_average_direct where an output spans too many columns), its -D
// strings and its geometry.
#include <ampcl/errors.hpp>
#include <ampcl/tile_average.hpp>
#include <string>

#include "algorithms/routine.hpp"

namespace ampcl::detail {

void tile_average_launch(const accelerator_view& view, const bound_arg& matrix,
                         const bound_arg& averages, int tile_rows, int tile_cols,
                         tile_average_variant variant) {
  if (tile_rows < 1 || tile_cols < 1)
    throw invalid_compute_domain("tile_average: tile sizes must be positive, not " +
                                 std::to_string(tile_rows) + " x " + std::to_string(tile_cols));
  const view_shape& in = matrix.shape;
  const int out_rows = in.extent[0] / tile_rows, out_cols = in.extent[1] / tile_cols;
  if (averages.shape.extent[0] != out_rows || averages.shape.extent[1] != out_cols)
    throw runtime_exception("tile_average: a " + std::to_string(in.extent[0]) + " x " +
                            std::to_string(in.extent[1]) + " matrix in " +
                            std::to_string(tile_rows) + " x " + std::to_string(tile_cols) +
                            " tiles needs averages of extent (" + std::to_string(out_rows) + ", " +
                            std::to_string(out_cols) + ")");
  if (out_rows == 0 || out_cols == 0) return;
  const std::string sizes =
      "-DTR=" + std::to_string(tile_rows) + " -DTC=" + std::to_string(tile_cols);
  const int vw = tile_cols % 4 == 0 ? 4 : 1;
  const int per_out = tile_cols / vw;
  if (variant == tile_average_variant::automatic)
    // Strips on GPUs and PoCL alike (PoCL vectorises the strip's work-items and
    // measured faster than direct there); direct when an output spans too many columns.
    variant = per_out > 256 ? tile_average_variant::direct : tile_average_variant::strips;
  if (variant == tile_average_variant::strips && per_out > 1024)
    variant = tile_average_variant::direct;

  std::vector<bound_arg> args{matrix, averages};
  if (variant == tile_average_variant::direct) {
    const kernel k = library_kernel("tile_average.cl", "tile_average_direct", sizes);
    // 16 x 16 outputs per work-group (AMP order), bounds-checked in the kernel.
    const int ext[2] = {static_cast<int>(round_up(out_rows, 16)),
                        static_cast<int>(round_up(out_cols, 16))};
    const int tile[2] = {16, 16};
    launch(view, k, 2, ext, tile, args.data(), args.size());
    return;
  }
  // Work-items per group: a multiple of per_out near 256.
  const int nt = per_out * std::max(1, 256 / per_out);
  const bool aligned = vw == 4 && in.offset % 4 == 0 && in.stride[0] % 4 == 0;
  const kernel k =
      library_kernel("tile_average.cl", "tile_average_strips",
                     sizes + " -DVW=" + std::to_string(vw) + " -DNT=" + std::to_string(nt) +
                         (aligned ? " -DALIGNED" : ""));
  const int outs_per_group = nt / per_out;
  const int groups = (out_cols + outs_per_group - 1) / outs_per_group;
  const int ext[2] = {out_rows, groups * nt};
  const int tile[2] = {1, nt};
  launch(view, k, 2, ext, tile, args.data(), args.size());
}

}  // namespace ampcl::detail
