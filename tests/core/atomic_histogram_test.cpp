// Histograms: many work-items adding into few bins, directly in global memory and
// through tile_static bins merged with atomics.
#include <gtest/gtest.h>

#include <vector>

#include "test_support.hpp"

using namespace ampcl;
using ampcl_test::kernel_path;

TEST(AtomicHistogram, GlobalBinsUnderContention) {
  const int n = 1 << 16, nbins = 7;
  std::vector<int> values(n), bins(nbins, 0), expect(nbins, 0);
  for (int i = 0; i < n; ++i) {
    values[i] = (i * 31 + i / 5) & 0x7FFFFFFF;
    ++expect[values[i] % nbins];
  }
  array_view<const int, 1> vv(n, values);
  array_view<int, 1> bv(nbins, bins);
  parallel_for_each(vv.get_extent(),
                    kernel::from_file(kernel_path("atomics.cl"), "histogram_global"), vv, bv,
                    nbins);
  bv.synchronize();
  EXPECT_EQ(bins, expect);
}

TEST(AtomicHistogram, TileStaticBinsMergedIntoGlobal) {
  constexpr int tile = 128, n = tile * 96, nbins = 10;
  std::vector<unsigned> values(n), bins(nbins, 0u), expect(nbins, 0u);
  for (int i = 0; i < n; ++i) {
    values[i] = static_cast<unsigned>(i) * 40503u ^ static_cast<unsigned>(i >> 3);
    ++expect[values[i] % nbins];
  }
  array_view<const unsigned, 1> vv(n, values);
  array_view<unsigned, 1> bv(nbins, bins);
  parallel_for_each(
      vv.get_extent().tile<tile>(),
      kernel::from_file(kernel_path("atomics.cl"), "histogram_tiled").define("NBINS", nbins), vv,
      bv);
  bv.synchronize();
  EXPECT_EQ(bins, expect);
}
