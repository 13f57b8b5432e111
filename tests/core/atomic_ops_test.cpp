// atomic_fetch_*, atomic_exchange and atomic_compare_exchange under contention:
// every work-item of a launch hits the same few cells.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <numeric>
#include <vector>

#include "test_support.hpp"

using namespace ampcl;
using ampcl_test::kernel_path;
using ampcl_test::poison_float;
using ampcl_test::poison_int;

namespace {
kernel atomics(const char* name) {
  return kernel::from_file(kernel_path("atomics.cl"), name);
}
}  // namespace

TEST(AtomicOps, FetchOpsOnOneCounterFromEveryWorkItem) {
  const int n = 4096;
  std::vector<int> counters{100, 0, 0, 0, -1, 1};
  std::vector<int> add_old(n, poison_int);
  std::vector<unsigned> bits{0u, 0xFFFFFFFFu, 0u, 0u, 0xFFFFFFFFu};
  array_view<int, 1> cv(6, counters), ov(n, add_old);
  array_view<unsigned, 1> bv(5, bits);
  parallel_for_each(extent<1>(n), atomics("fetch_ops"), cv, ov, bv);
  cv.synchronize();
  ov.synchronize();
  bv.synchronize();
  // Host reference, in 64-bit arithmetic.
  std::int64_t max_v = -1, min_v = 1;
  unsigned x = 0, umax = 0, umin = 0xFFFFFFFFu;
  for (int i = 0; i < n; ++i) {
    max_v = std::max<std::int64_t>(max_v, (static_cast<std::int64_t>(i) * 7919) % 10007);
    min_v = std::min<std::int64_t>(min_v, -((static_cast<std::int64_t>(i) * 7919) % 10007));
    x ^= static_cast<unsigned>(i);
    umax = std::max(umax, static_cast<unsigned>(i) * 3u);
    umin = std::min(umin, 0xFFFFFFFFu - static_cast<unsigned>(i));
  }
  EXPECT_EQ(counters[0], 100 + 2 * n);
  EXPECT_EQ(counters[1], -3 * n);
  EXPECT_EQ(counters[2], n);
  EXPECT_EQ(counters[3], -n);
  EXPECT_EQ(counters[4], max_v);
  EXPECT_EQ(counters[5], min_v);
  EXPECT_EQ(bits[0], 0xFFFFFFFFu);
  EXPECT_EQ(bits[1], 0x80000000u);  // bits 0..30 cleared
  EXPECT_EQ(bits[2], x);
  EXPECT_EQ(bits[3], umax);
  EXPECT_EQ(bits[4], umin);
  // fetch_add returned every old value exactly once: 100, 102, ..., 100 + 2(n-1).
  std::vector<int> seen = add_old;
  std::sort(seen.begin(), seen.end());
  for (int i = 0; i < n; ++i) ASSERT_EQ(seen[i], 100 + 2 * i) << "sorted old value " << i;
}

TEST(AtomicOps, ExchangeIntAndFloatFormOneChain) {
  const int n = 2048;
  std::vector<int> slot{-1}, old(n, poison_int);
  std::vector<float> fslot{-1.f}, fold(n, poison_float);
  array_view<int, 1> sv(1, slot), ov(n, old);
  array_view<float, 1> fsv(1, fslot), fov(n, fold);
  parallel_for_each(extent<1>(n), atomics("exchange_chain"), sv, ov, fsv, fov);
  sv.synchronize();
  ov.synchronize();
  fsv.synchronize();
  fov.synchronize();
  // Every value put in was taken out exactly once: the olds plus the final slot
  // are {-1, 0, ..., n-1}.
  std::vector<int> all = old;
  all.push_back(slot[0]);
  std::sort(all.begin(), all.end());
  for (int i = 0; i <= n; ++i) ASSERT_EQ(all[i], i - 1) << i;
  std::vector<float> fall = fold;
  fall.push_back(fslot[0]);
  std::sort(fall.begin(), fall.end());
  EXPECT_EQ(fall[0], -1.f);
  for (int i = 1; i <= n; ++i) ASSERT_EQ(fall[i], static_cast<float>(i - 1) + 0.5f) << i;
}

TEST(AtomicOps, CompareExchangeReturnsResultAndUpdatesExpected) {
  std::vector<int> cell{5}, out(4, poison_int);
  array_view<int, 1> cv(1, cell), ov(4, out);
  parallel_for_each(extent<1>(1), atomics("cas_semantics"), cv, ov);
  ov.synchronize();
  cv.synchronize();
  EXPECT_EQ(out, (std::vector<int>{1, 5, 0, 9}));
  EXPECT_EQ(cell[0], 9);
}

TEST(AtomicOps, CompareExchangeLoopBuildsLockFreeMaxInGlobalMemory) {
  const int n = 1 << 14;
  std::vector<int> values(n);
  for (int i = 0; i < n; ++i) values[i] = static_cast<int>((i * 2654435761u) % 1000003u) - 500000;
  std::vector<int> result{std::numeric_limits<int>::min()};
  array_view<const int, 1> vv(n, values);
  array_view<int, 1> rv(1, result);
  parallel_for_each(vv.get_extent(), atomics("cas_max_global"), vv, rv);
  rv.synchronize();
  EXPECT_EQ(result[0], *std::max_element(values.begin(), values.end()));
}

TEST(AtomicOps, CompareExchangeLoopOnTileStaticMemory) {
  constexpr int tile = 64, tiles = 40, n = tile * tiles;
  std::vector<unsigned> values(n), tile_max(tiles, 0xDEADBEEFu);
  for (int i = 0; i < n; ++i) values[i] = (static_cast<unsigned>(i) * 2246822519u) >> 8;
  array_view<const unsigned, 1> vv(n, values);
  array_view<unsigned, 1> tv(tiles, tile_max);
  parallel_for_each(vv.get_extent().tile<tile>(), atomics("cas_max_tiled"), vv, tv);
  tv.synchronize();
  for (int t = 0; t < tiles; ++t)
    EXPECT_EQ(tile_max[t],
              *std::max_element(values.begin() + t * tile, values.begin() + (t + 1) * tile))
        << "tile " << t;
}
