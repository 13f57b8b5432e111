// Components and swizzles of ampcl's short vectors (C++ AMP's classes) on the host,
// through ampcl's API: get_/set_/ref_ functions, and the components as data
// members. Every swizzle of every size is tests/amp/host/short_vectors_test.cpp's.
#include <gtest/gtest.h>

#include <ampcl/short_vectors.hpp>

using namespace ampcl::graphics;

TEST(VecSwizzle, SingleComponentsAndAmpPropertiesAsMembers) {
  float_4 v(1.f, 2.f, 3.f, 4.f);
  EXPECT_EQ(v.get_x(), 1.f);
  EXPECT_EQ(v.g, 2.f);
  EXPECT_EQ(v.get_z(), 3.f);
  EXPECT_EQ(v.get_w(), 4.f);
  v.r = 10.f;
  v.set_y(20.f);
  v.ref_z() += 1.f;
  v.ref_a() = 40.f;
  EXPECT_EQ(v, float_4(10.f, 20.f, 4.f, 40.f));
  // C++ AMP's x/y/z/w properties are plain data members here.
  v.x = 7.f;
  v.w -= 1.f;
  EXPECT_EQ(v.x + v.y + v.z + v.w, 7.f + 20.f + 4.f + 39.f);
  int_2 p(1, 2);
  p.set_yx(int_2(5, 6));
  EXPECT_EQ(p, int_2(6, 5));
  EXPECT_EQ(float_4(1.f, 2.f, 3.f, 4.f).get_zyxw(), float_4(3.f, 2.f, 1.f, 4.f));
}
