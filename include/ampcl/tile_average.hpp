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

template <class In>
void tile_average(const accelerator_view& view, const array_view<In, 2>& matrix,
                  const array_view<float, 2>& averages, int tile_rows, int tile_cols,
                  tile_average_variant variant = tile_average_variant::automatic) {
  static_assert(std::is_same_v<std::remove_const_t<In>, float>, "tile_average: float matrices");
  detail::tile_average_launch(view, detail::bind(matrix), detail::bind(averages), tile_rows,
                              tile_cols, variant);
}
template <class In>
void tile_average(const array_view<In, 2>& matrix, const array_view<float, 2>& averages,
                  int tile_rows, int tile_cols,
                  tile_average_variant variant = tile_average_variant::automatic) {
  tile_average(detail::library_view(matrix.storage()), matrix, averages, tile_rows, tile_cols,
               variant);
}

}  // namespace ampcl
