// Index order of tiled launches: every work-item records the tiled_index it sees,
// and the host checks each element against C++ AMP's definitions (dimension 0 most
// significant): tile = global / tile_extent, local = global % tile_extent,
// tile_origin = tile * tile_extent.
#include <gtest/gtest.h>

#include <ampcl/ampcl.hpp>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "tiling_description.hpp"

using namespace ampcl;

namespace {

constexpr int poison = -0x5A5A5A5A;

std::string test_kernel(const std::string& file) {
  return std::string(AMPCL_EXAMPLE_TEST_KERNELS) + "/" + file;
}
std::string example_kernel(const std::string& file) {
  return std::string(AMPCL_EXAMPLE_KERNELS) + "/" + file;
}

struct tiled_index_record {
  int global[3];
  int local[3];
  int tile[3];
  int tile_origin[3];
  int tile_extent[3];
  int compile_time_tile[3];
};

tiled_index_record poisoned_record() {
  tiled_index_record r;
  int* fields = &r.global[0];
  for (std::size_t n = 0; n < sizeof r / sizeof(int); ++n) fields[n] = poison;
  return r;
}

// Tiles of different sizes in each dimension, and a different number of tiles in
// each (2, 3, 4), so that any swap of dimensions shows.
TEST(TiledIndex3, EveryWorkItemSeesAmpOrderedGlobalLocalAndTileIndices) {
  constexpr int T0 = 2, T1 = 3, T2 = 5;
  const extent<3> domain(2 * T0, 3 * T1, 4 * T2);
  std::vector<tiled_index_record> host(domain.size(), poisoned_record());
  array_view<tiled_index_record, 3> records(domain, host);

  parallel_for_each(records.get_extent().tile<T0, T1, T2>(),
                    kernel::from_file(test_kernel("record_tiled_index3.cl"), "record_tiled_index3"),
                    records);

  const int tile_extent[3] = {T0, T1, T2};
  for (int i = 0; i < domain[0]; ++i) {
    for (int j = 0; j < domain[1]; ++j) {
      for (int k = 0; k < domain[2]; ++k) {
        const int global[3] = {i, j, k};
        const tiled_index_record& r = records(i, j, k);
        for (int d = 0; d < 3; ++d) {
          SCOPED_TRACE("element (" + std::to_string(i) + ", " + std::to_string(j) + ", " +
                       std::to_string(k) + "), dimension " + std::to_string(d));
          EXPECT_EQ(r.global[d], global[d]);
          EXPECT_EQ(r.tile[d], global[d] / tile_extent[d]);
          EXPECT_EQ(r.local[d], global[d] % tile_extent[d]);
          EXPECT_EQ(r.tile_origin[d], (global[d] / tile_extent[d]) * tile_extent[d]);
          EXPECT_EQ(r.tile_extent[d], tile_extent[d]);
          EXPECT_EQ(r.compile_time_tile[d], tile_extent[d]);
        }
        if (::testing::Test::HasFailure()) return;  // one element's report is enough
      }
    }
  }
}

// The TilingDescription kernel of "Using Tiles": every element of the 8x9 matrix
// satisfies global = tile * (2, 3) + local, with local inside the tile, and the
// matrix splits into 12 tiles (4 tile rows, 3 tile columns).
TEST(TilingDescription, GlobalIsTileTimesTileExtentPlusLocal) {
  const int ROWS = 8, COLS = 9, TILE_ROWS = 2, TILE_COLS = 3;
  std::vector<Description> descs;
  for (int i = 0; i < ROWS * COLS; i++)
    descs.push_back(Description{i, poison, poison, poison, poison, poison, poison});
  array_view<Description, 2> descriptions(extent<2>(ROWS, COLS), descs);

  parallel_for_each(
      descriptions.get_extent().tile<2, 3>(),
      kernel::from_file(example_kernel("tiling_description.cl"), "tiling_description"),
      descriptions);

  std::set<std::pair<int, int>> tiles;
  for (int row = 0; row < ROWS; row++) {
    for (int column = 0; column < COLS; column++) {
      SCOPED_TRACE("element (" + std::to_string(row) + ", " + std::to_string(column) + ")");
      const Description d = descriptions(row, column);
      EXPECT_EQ(d.value, row * COLS + column);
      EXPECT_EQ(d.globalRow, row);
      EXPECT_EQ(d.globalColumn, column);
      EXPECT_GE(d.localRow, 0);
      EXPECT_LT(d.localRow, TILE_ROWS);
      EXPECT_GE(d.localColumn, 0);
      EXPECT_LT(d.localColumn, TILE_COLS);
      EXPECT_EQ(d.globalRow, d.tileRow * TILE_ROWS + d.localRow);
      EXPECT_EQ(d.globalColumn, d.tileColumn * TILE_COLS + d.localColumn);
      tiles.insert({d.tileRow, d.tileColumn});
    }
  }
  EXPECT_EQ(tiles.size(), 12u);
  EXPECT_EQ(tiles.begin()->first, 0);
  EXPECT_EQ(tiles.rbegin()->first, 3) << "4 tile rows";
  EXPECT_EQ(tiles.rbegin()->second, 2) << "3 tile columns";
}

}  // namespace
