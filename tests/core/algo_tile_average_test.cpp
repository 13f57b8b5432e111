#include <gtest/gtest.h>

#include <ampcl/tile_average.hpp>

#include "algo_test_support.hpp"

using namespace ampcl;
using ampcl_test::poisoned;
using ampcl_test::random_floats;

namespace {

void check_tile_average(int rows, int cols, int tr, int tc, tile_average_variant variant) {
  auto in = random_floats(rows * cols, rows + cols * 7 + tr * 31 + tc);
  const int orows = rows / tr, ocols = cols / tc;
  auto out = poisoned(orows * ocols);
  array_view<const float, 2> vin(rows, cols, in);
  array_view<float, 2> vout(orows, ocols, out);
  tile_average(vin, vout, tr, tc, variant);
  vout.synchronize();
  for (int i = 0; i < orows; ++i)
    for (int j = 0; j < ocols; ++j) {
      double s = 0;
      for (int r = 0; r < tr; ++r)
        for (int c = 0; c < tc; ++c) s += in[(i * tr + r) * cols + j * tc + c];
      ASSERT_NEAR(out[i * ocols + j], s / (tr * tc), 1e-5)
          << rows << "x" << cols << " tiles " << tr << "x" << tc << " at " << i << "," << j;
    }
}

}  // namespace

TEST(AlgoTileAverage, DocumentsSamplingExample) {
  // SamplingExample: 8 x 8 matrix of 0..63 in 2 x 2 tiles.
  std::vector<float> data(64);
  for (int i = 0; i < 64; ++i) data[i] = float(i);
  std::vector<float> out = poisoned(16);
  array_view<const float, 2> m(8, 8, data);
  array_view<float, 2> avg(4, 4, out);
  tile_average(m, avg, 2, 2);
  avg.synchronize();
  EXPECT_EQ(out[0], 4.5f);
  EXPECT_EQ(out[15], 58.5f);
}

TEST(AlgoTileAverage, AnyTileSizeBothVariants) {
  for (auto v : {tile_average_variant::strips, tile_average_variant::direct}) {
    check_tile_average(64, 64, 16, 16, v);
    check_tile_average(48, 96, 2, 2, v);
    check_tile_average(30, 45, 3, 5, v);      // odd sizes, scalar loads
    check_tile_average(37, 130, 4, 8, v);     // truncated edges
    check_tile_average(8, 2048, 1, 1024, v);  // one work-group per output
    check_tile_average(16, 300, 7, 12, v);    // 12 = 3 float4 chunks per output
  }
}

TEST(AlgoTileAverage, SectionOfALargerMatrix) {
  auto in = random_floats(40 * 40, 99);
  auto out = poisoned(4 * 8);
  array_view<const float, 2> vin(40, 40, in);
  array_view<float, 2> vout(4, 8, out);
  tile_average(vin.section(1, 3, 32, 32), vout, 8, 4);
  vout.synchronize();
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 8; ++j) {
      double s = 0;
      for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 4; ++c) s += in[(1 + i * 8 + r) * 40 + 3 + j * 4 + c];
      ASSERT_NEAR(out[i * 8 + j], s / 32, 1e-5);
    }
}
