// The documents' SamplingExample at any tile size, at streaming bandwidth:
// averages(i, j) = mean of the tile_rows x tile_cols tile of `matrix` at
// (i * tile_rows, j * tile_cols). `averages` has extent (rows / tile_rows,
// cols / tile_cols); rows and columns beyond whole tiles are ignored (truncate).
// kernels/tile_average.cl explains the two variants (GPU strips, CPU direct).
#pragma once

#include <ampcl/detail/library_kernels.hpp>
#include <type_traits>

namespace ampcl {

enum class tile_average_variant { automatic, strips, direct };

namespace detail {
void tile_average_launch(const accelerator_view& view, const bound_arg& matrix,
                         const bound_arg& averages, int tile_rows, int tile_cols,
                         tile_average_variant variant);
}

template <class In, class Out, class = std::enable_if_t<detail::are_views_v<In, Out>>>
void tile_average(const accelerator_view& view, const In& matrix, const Out& averages,
                  int tile_rows, int tile_cols,
                  tile_average_variant variant = tile_average_variant::automatic) {
  static_assert(detail::same_elements_v<In, Out> &&
                    std::is_same_v<detail::view_element_t<Out>, float>,
                "tile_average: float matrices");
  static_assert(detail::view_rank_v<In> == 2 && detail::view_rank_v<Out> == 2,
                "tile_average: matrices (rank 2)");
  detail::tile_average_launch(view, detail::bind_view(matrix), detail::bind_view(averages),
                              tile_rows, tile_cols, variant);
}
template <class In, class Out, class = std::enable_if_t<detail::are_views_v<In, Out>>>
void tile_average(const In& matrix, const Out& averages, int tile_rows, int tile_cols,
                  tile_average_variant variant = tile_average_variant::automatic) {
  tile_average(detail::library_view_of(matrix), matrix, averages, tile_rows, tile_cols, variant);
}

}  // namespace ampcl
