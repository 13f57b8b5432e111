// tiled_extent::pad() and truncate(): which work-items run, recorded by the kernel.
#include <vector>

#include "api_test_support.hpp"

using namespace ampcl;
using ampcl_api_test::api_kernel;
using ampcl_test::poison_int;

TEST(TiledExtentApi, PadAndTruncateRoundToWholeTiles) {
  const auto t = extent<1>(10).tile<4>();
  EXPECT_FALSE(divides_evenly(t));
  EXPECT_EQ(t.pad(), extent<1>(12));
  EXPECT_EQ(t.truncate(), extent<1>(8));
  EXPECT_EQ(t.pad().get_tile_extent(), extent<1>(4));
  const auto t2 = extent<2>(5, 7).tile<2, 4>();
  EXPECT_EQ(t2.pad(), extent<2>(6, 8));
  EXPECT_EQ(t2.truncate(), extent<2>(4, 4));
  const auto t3 = extent<3>(3, 3, 3).tile<2, 2, 2>();
  EXPECT_EQ(t3.pad(), extent<3>(4, 4, 4));
  EXPECT_EQ(t3.truncate(), extent<3>(2, 2, 2));
  EXPECT_EQ(extent<1>(8).tile<4>().pad(), extent<1>(8));  // already whole
}

TEST(TiledExtentApi, PaddedWorkItemsRunAndMustBeGuarded) {
  // 12 elements of storage, a view of 10: a guard that failed would write 10 and 11.
  std::vector<int> storage(12, poison_int), launched(1, 0);
  array_view<int> whole(12, storage);
  array_view<int> data = whole.section(0, 10);
  array_view<int> counter(1, launched);
  parallel_for_each(data.get_extent().tile<4>().pad(), api_kernel("api_pad_mark1"), data, counter);
  whole.synchronize();
  counter.synchronize();
  EXPECT_EQ(launched[0], 12);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(storage[i], i + 1) << i;
  EXPECT_EQ(storage[10], poison_int);
  EXPECT_EQ(storage[11], poison_int);
}

TEST(TiledExtentApi, TruncatedWorkItemsDoNotRun) {
  std::vector<int> out(10, poison_int), launched(1, 0);
  array_view<int> data(10, out);
  array_view<int> counter(1, launched);
  parallel_for_each(data.get_extent().tile<4>().truncate(), api_kernel("api_pad_mark1"), data,
                    counter);
  data.synchronize();
  counter.synchronize();
  EXPECT_EQ(launched[0], 8);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(out[i], i + 1) << i;
  EXPECT_EQ(out[8], poison_int);
  EXPECT_EQ(out[9], poison_int);
}

TEST(TiledExtentApi, PadInTwoDimensions) {
  std::vector<int> out(5 * 7, poison_int), launched(1, 0);
  array_view<int, 2> data(5, 7, out);
  array_view<int> counter(1, launched);
  parallel_for_each(data.get_extent().tile<2, 4>().pad(), api_kernel("api_pad_mark2"), data,
                    counter);
  data.synchronize();
  counter.synchronize();
  EXPECT_EQ(launched[0], 6 * 8);
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 7; ++c) EXPECT_EQ(out[r * 7 + c], r * 100 + c + 1) << r << "," << c;
}

TEST(TiledExtentApi, UnevenTiledLaunchThrows) {
  std::vector<int> out(10, poison_int), launched(1, 0);
  array_view<int> data(10, out), counter(1, launched);
  EXPECT_THROW(
      parallel_for_each(data.get_extent().tile<4>(), api_kernel("api_pad_mark1"), data, counter),
      invalid_compute_domain);
  EXPECT_EQ(out[0], poison_int);
}
