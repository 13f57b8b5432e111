// ampcl's API headers first, then C++ AMP's, in one translation unit compiled by the
// project's own compiler: the classes both APIs name are one (extent, index,
// tiled_extent, norm, unorm), and C++ AMP's restrict(cpu) still means something after
// ampcl's headers took their macros back (ampcl/detail/cpp_amp_end.h).
#include <amp.h>
#include <amp_short_vectors.h>
#include <gtest/gtest.h>

#include <ampcl/ampcl.hpp>
#include <numeric>
#include <type_traits>
#include <vector>

namespace {
int twice(int x) restrict(cpu) {
  return 2 * x;
}
}  // namespace

TEST(BothApis, NameTheSameClasses) {
  static_assert(std::is_same_v<ampcl::extent<2>, Concurrency::extent<2>>);
  static_assert(std::is_same_v<ampcl::index<3>, concurrency::index<3>>);
  static_assert(std::is_same_v<ampcl::tiled_extent<4, 8>, Concurrency::tiled_extent<4, 8>>);
  static_assert(std::is_same_v<ampcl::graphics::norm, Concurrency::graphics::norm>);
  static_assert(std::is_same_v<ampcl::graphics::unorm, Concurrency::graphics::unorm>);
}

TEST(BothApis, ViewsOfEitherApiShareExtentAndIndex) {
  std::vector<int> data(12);
  std::iota(data.begin(), data.end(), 100);
  const Concurrency::extent<2> e(3, 4);
  Concurrency::array_view<int, 2> amp_view(e, data);
  ampcl::array_view<int, 2> ampcl_view(amp_view.get_extent(), data);
  EXPECT_TRUE(ampcl_view.get_extent() == amp_view.get_extent());
  EXPECT_EQ(ampcl::to_string(ampcl_view.get_extent()), "(3, 4)");
  EXPECT_EQ(ampcl::element_count(e), 12u);
  const Concurrency::index<2> at(1, 2);
  EXPECT_EQ(ampcl_view[at], 106);
  EXPECT_EQ(twice(amp_view[at]), 212);
  const auto tiled = e.tile<3, 2>();
  EXPECT_TRUE(ampcl::divides_evenly(tiled));
  EXPECT_TRUE(ampcl::tiles(tiled) == ampcl::extent<2>(1, 2));
}
