#include <ampcl/extent.hpp>

#include <gtest/gtest.h>

using namespace ampcl;

TEST(Extent, SizeContainsAndArithmetic) {
  extent<3> e(2, 3, 4);
  EXPECT_EQ(e.size(), 24u);
  EXPECT_EQ(e[0], 2);
  EXPECT_EQ(e[2], 4);
  EXPECT_TRUE(e.contains(ampcl::index<3>(1, 2, 3)));
  EXPECT_FALSE(e.contains(ampcl::index<3>(2, 0, 0)));
  EXPECT_FALSE(e.contains(ampcl::index<3>(0, -1, 0)));
  EXPECT_EQ(e + ampcl::index<3>(1, 1, 1), extent<3>(3, 4, 5));
  EXPECT_EQ(e * 2, extent<3>(4, 6, 8));
  EXPECT_NE(e, extent<3>(2, 3, 5));
}

TEST(Index, ArithmeticAndComparison) {
  ampcl::index<2> a(1, 2), b(3, 4);
  EXPECT_EQ(a + b, ampcl::index<2>(4, 6));
  EXPECT_EQ(b - a, ampcl::index<2>(2, 2));
  EXPECT_EQ(a * 3, ampcl::index<2>(3, 6));
  EXPECT_EQ(b / 2, ampcl::index<2>(1, 2));
  EXPECT_EQ(b % 3, ampcl::index<2>(0, 1));
  ampcl::index<2> c = a;
  EXPECT_EQ(c++, a);
  EXPECT_EQ(c, ampcl::index<2>(2, 3));
  EXPECT_EQ(--c, a);
  EXPECT_EQ(to_string(ampcl::index<1>(7)), "(7)");
}

TEST(Linearize, RowMajorInAmpOrder) {
  // Dimension 0 is the most significant: (1, 2) in a 2x3 extent is element 5.
  EXPECT_EQ(linearize(ampcl::index<2>(1, 2), extent<2>(2, 3)), 5u);
  EXPECT_EQ(linearize(ampcl::index<3>(0, 1, 3), extent<3>(2, 3, 4)), 7u);
}

TEST(TiledExtent, TilesAndTileExtent) {
  auto t = extent<2>(8, 9).tile<2, 3>();
  EXPECT_EQ(t.get_tile_extent(), extent<2>(2, 3));
  EXPECT_EQ(tiles(t), extent<2>(4, 3));
  EXPECT_EQ(tiles(t).size(), 12u);
  EXPECT_EQ(decltype(t)::rank, 2);
  auto t3 = extent<3>(4, 4, 8).tile<2, 2, 4>();
  EXPECT_EQ(tiles(t3), extent<3>(2, 2, 2));
}

TEST(TiledExtent, UnevenExtentNamesBothShapes) {
  try {
    // Tiling is allowed; a launch (which calls this) over such an extent throws.
    check_divides_evenly(extent<2>(8, 10).tile<2, 3>());
    FAIL() << "expected invalid_compute_domain";
  } catch (const invalid_compute_domain& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("(8, 10)"), std::string::npos) << msg;
    EXPECT_NE(msg.find("(2, 3)"), std::string::npos) << msg;
    EXPECT_NE(msg.find("pad()"), std::string::npos) << msg;
  }
}
