// Every swizzle C++ AMP names, under xyzw and rgba names, read and written on the
// host against component indices.
#include <gtest/gtest.h>

#include <ampcl/short_vectors.hpp>

using namespace ampcl::graphics;

namespace {

// Checks get_<name>() and set_<name>() of V when V has enough components.
#define AMPCL_SWIZZLE(name, need, length, ...)                                  \
  if constexpr (V::size >= (need)) {                                            \
    constexpr int order[] = {__VA_ARGS__};                                      \
    const auto got = v.get_##name();                                            \
    static_assert(decltype(got)::size == (length));                             \
    for (int k = 0; k < (length); ++k) EXPECT_EQ(got[k], v[order[k]]) << #name; \
    V w;                                                                        \
    typename short_vector<typename V::value_type, (length)>::type src;          \
    for (int k = 0; k < (length); ++k) src[k] = typename V::value_type(k + 1);  \
    w.set_##name(src);                                                          \
    for (int k = 0; k < (length); ++k) EXPECT_EQ(w[order[k]], src[k]) << #name; \
    ++checked;                                                                  \
  }

template <class V>
int check_all_swizzles(const V& v) {
  int checked = 0;
#include <ampcl/detail/swizzles.inc>
  return checked;
}
#undef AMPCL_SWIZZLE

}  // namespace

TEST(VecSwizzle, EverySwizzleOfFourComponents) {
  // 12 + 24 + 24 orderings, each under two names.
  EXPECT_EQ(check_all_swizzles(float_4(1.f, 2.f, 3.f, 4.f)), 120);
  EXPECT_EQ(check_all_swizzles(int_4(-1, -2, -3, -4)), 120);
  EXPECT_EQ(check_all_swizzles(unorm_4(0.1f, 0.2f, 0.3f, 0.4f)), 120);
}

TEST(VecSwizzle, ThreeAndTwoComponentVectorsOnlyReachTheirComponents) {
  EXPECT_EQ(check_all_swizzles(uint_3(10u, 20u, 30u)), 2 * (6 + 6));
  EXPECT_EQ(check_all_swizzles(double_2(0.5, 1.5)), 2 * 2);
  EXPECT_EQ(check_all_swizzles(norm_3(0.1f, -0.2f, 0.3f)), 24);
}

TEST(VecSwizzle, SingleComponentsAndAmpPropertiesAsMembers) {
  float_4 v(1.f, 2.f, 3.f, 4.f);
  EXPECT_EQ(v.get_x(), 1.f);
  EXPECT_EQ(v.get_g(), 2.f);
  EXPECT_EQ(v.get_b(), 3.f);
  EXPECT_EQ(v.get_w(), 4.f);
  v.set_r(10.f);
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
  EXPECT_EQ(float_4(1.f, 2.f, 3.f, 4.f).get_bgra(), float_4(3.f, 2.f, 1.f, 4.f));
}
