// C++ AMP's host side compiled by the project's own C++ compiler (GCC), not by
// ampcl-c++: the headers have no properties there and no restrict(amp) twins
// (restrict.h), and what the host does with views, arrays, copies, accelerators,
// short vectors and the math functions runs on ampcl's runtime as in a translated
// program. A project can compile the files that only pass C++ AMP's data around
// with its usual compiler, and only the files with kernels with ampcl-c++.
#include <amp.h>
#include <amp_graphics.h>
#include <amp_math.h>
#include <amp_short_vectors.h>
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <type_traits>
#include <vector>

namespace {

using namespace concurrency;

TEST(AnyCompiler, ViewsSectionsAndProjectionsReachTheirElements) {
  std::vector<int> data(24);
  std::iota(data.begin(), data.end(), 0);
  array_view<int, 2> grid(4, 6, data);
  EXPECT_EQ(grid.get_extent(), extent<2>(4, 6));
  EXPECT_EQ(grid(2, 3), 15);
  EXPECT_EQ(grid[index<2>(3, 5)], 23);
  array_view<int, 1> row = grid[1];
  EXPECT_EQ(row.get_extent().size(), 6u);
  EXPECT_EQ(row[4], 10);
  array_view<int, 2> corner = grid.section(index<2>(1, 2), extent<2>(2, 3));
  EXPECT_EQ(corner(1, 2), 16);  // grid(2, 4)
  corner(0, 0) = -1;            // written through to the data source
  grid.synchronize();
  EXPECT_EQ(data[8], -1);
}

TEST(AnyCompiler, CopiesInAndOutOfDeviceArrays) {
  std::vector<float> in(64), out(64, -7.0f);  // poison
  for (int i = 0; i < 64; ++i) in[i] = 0.5f * static_cast<float>(i);
  array<float, 2> device(8, 8);
  copy(in.begin(), in.end(), device);
  array_view<float, 2> strided =
      array_view<float, 2>(device).section(index<2>(0, 4), extent<2>(8, 4));
  std::vector<float> right_half(32, -7.0f);
  copy(strided, right_half.begin());
  copy(device, out.begin());
  EXPECT_EQ(out, in);
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 4; ++c)
      EXPECT_EQ(right_half[r * 4 + c], in[r * 8 + 4 + c]) << r << "," << c;
  completion_future done = copy_async(device, out.begin());
  done.get();
  EXPECT_EQ(out, in);
}

TEST(AnyCompiler, AcceleratorsAndExceptionsAreTheRuntimes) {
  const accelerator acc;
  EXPECT_FALSE(acc.get_device_path().empty());
  EXPECT_EQ(acc.get_default_view().get_accelerator(), acc);
  EXPECT_FALSE(accelerator::get_all().empty());
  std::vector<int> data(4);
  array_view<int, 1> v(4, data);
  EXPECT_THROW(v.section(index<1>(2), extent<1>(3)), runtime_exception);
}

TEST(AnyCompiler, ShortVectorsHaveCppAmpsLayout) {
  using namespace concurrency::graphics;
  static_assert(sizeof(float_3) == 12 && sizeof(int_4) == 16 && sizeof(double_2) == 16,
                "C++ AMP's layout: the components, one after another");
  const float_3 v(1.0f, 2.0f, 3.0f);
  EXPECT_EQ(v.get_zyx(), float_3(3.0f, 2.0f, 1.0f));
  EXPECT_EQ(v.get_x() + v.get_y(), 3.0f);
  EXPECT_EQ(unorm(1.5f), unorm(1.0f));  // clamped
}

// Without properties, a component's names are its storage: v.x and v.r are members.
TEST(AnyCompiler, ShortVectorComponentsAreMembers) {
  using namespace concurrency::graphics;
  static_assert(std::is_trivially_copyable<float_4>::value &&
                    std::is_standard_layout<norm_3>::value && sizeof(norm_3) == 12,
                "the component unions change neither the layout nor bytewise copies");
  float_3 v(1.0f, 2.0f, 3.0f);
  v.x = 5.0f;
  v.b += 4.0f;  // z by its colour's name
  EXPECT_EQ(v, float_3(5.0f, 2.0f, 7.0f));
  EXPECT_EQ(v.get_x(), v.r);
  int_4 w;
  w.a = -1;
  w.set_xy(int_2(8, 9));
  EXPECT_EQ(w.w, -1);
  EXPECT_EQ(w.y, 9);
  unorm_2 u(0.25f, 0.5f);
  u.y = unorm(2.0f);  // clamped by unorm's own assignment
  EXPECT_EQ(static_cast<float>(u.get_y()), 1.0f);
}

TEST(AnyCompiler, MathFunctionsAreTheHostsOwn) {
  EXPECT_EQ(precise_math::sqrt(16.0), 4.0);
  EXPECT_NEAR(precise_math::cospi(1.0), -1.0, 1e-15);
  EXPECT_NEAR(precise_math::erfinv(precise_math::erf(0.5)), 0.5, 1e-12);
  EXPECT_NEAR(fast_math::sinf(0.5f), std::sin(0.5f), 1e-6f);
}

}  // namespace
