// texture<T,N>: constructors, properties and copies in and out for every element
// kind and rank, and kernel reads by index in AMP order.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "texture_test_support.hpp"

using namespace ampcl;
using namespace ampcl::graphics;
using namespace ampcl_texture_test;
using ampcl_test::kernel_path;

namespace {

template <int N>
extent<N> test_extent() {
  if constexpr (N == 1)
    return extent<1>(37);
  else if constexpr (N == 2)
    return extent<2>(5, 7);  // rows != cols catches swapped x/y
  else
    return extent<3>(3, 4, 5);
}

template <class T>
void expect_same_texels(const std::vector<T>& want, const std::vector<T>& got, const char* how) {
  ASSERT_EQ(want.size(), got.size());
  for (std::size_t i = 0; i < want.size(); ++i)
    for (int c = 0; c < texel_info<T>::components; ++c)
      ASSERT_EQ(component(want[i], c), component(got[i], c))
          << how << ": texel " << i << " component " << c;
}

// Iterators in, std::vector out; copy() both ways; raw bytes; texture to texture.
template <class T, int N>
void round_trip() {
  SCOPED_TRACE(::testing::Message() << "rank " << N << ", " << sizeof(T) << "-byte texels");
  const extent<N> e = test_extent<N>();
  const std::vector<T> host = texel_values<T>(e.size());

  texture<T, N> t(e, host.begin(), host.end());
  EXPECT_EQ(t.get_extent(), e);
  EXPECT_EQ(t.get_accelerator_view(), accelerator().get_default_view());
  const std::vector<T> back = texels_of(t);
  expect_same_texels(host, back, "std::vector conversion");

  std::vector<T> out(e.size());
  copy(t, out.begin());
  expect_same_texels(host, out, "copy(texture, iterator)");

  texture<T, N> t2(e);
  copy(host.begin(), host.end(), t2);
  expect_same_texels(host, texels_of(t2), "copy(first, last, texture)");

  std::vector<unsigned char> raw(t.get_data_length());
  copy(t, raw.data(), static_cast<unsigned>(raw.size()));
  texture<T, N> t3(e, t.get_bits_per_scalar_element(), raw.data(),
                   static_cast<unsigned>(raw.size()));
  expect_same_texels(host, texels_of(t3), "raw bytes");

  texture<T, N> t4(e);
  copy(t, t4);
  expect_same_texels(host, texels_of(t4), "copy(texture, texture)");
  const texture<T, N> t5(t);  // deep copy
  expect_same_texels(host, texels_of(t5), "copy constructor");
}

template <class T>
void round_trip_every_rank() {
  round_trip<T, 1>();
  round_trip<T, 2>();
  round_trip<T, 3>();
}

// The kernel reads texel index<N>(i, j, k) of each texture where the host put it.
template <class T, class Read4, int N>
void kernel_reads(const char* suffix) {
  SCOPED_TRACE(::testing::Message() << "rank " << N << ", read" << N << suffix);
  const extent<N> e = test_extent<N>();
  const std::vector<T> host = texel_values<T>(e.size());
  texture<T, N> t(e, host.begin(), host.end());
  std::vector<Read4> got(e.size(),
                         Read4(static_cast<typename Read4::value_type>(ampcl_test::poison_int)));
  array_view<Read4, N> out(e, got);
  const kernel k =
      kernel::from_file(kernel_path("texture_access.cl"), "read" + std::to_string(N) + suffix);
  parallel_for_each(e, k, texture_view<const T, N>(t), out);
  out.synchronize();
  constexpr int C = texel_info<T>::components;
  for (std::size_t i = 0; i < host.size(); ++i)
    for (int c = 0; c < C; ++c) {
      // Components the texture lacks are not checked: OpenCL says 0 and alpha 1,
      // but PoCL's integer reads give alpha 0.
      const double want = component(host[i], c);
      const double tolerance = std::is_same_v<typename texel_info<T>::scalar, norm> ||
                                       std::is_same_v<typename texel_info<T>::scalar, unorm>
                                   ? 1e-6
                                   : 0.0;
      ASSERT_NEAR(component(got[i], c), want, tolerance) << "texel " << i << " component " << c;
    }
}

template <class T, class Read4>
void kernel_reads_every_rank(const char* suffix) {
  kernel_reads<T, Read4, 1>(suffix);
  kernel_reads<T, Read4, 2>(suffix);
  kernel_reads<T, Read4, 3>(suffix);
}

}  // namespace

TEST(TextureCopy, IntKindsRoundTripEveryRank) {
  round_trip_every_rank<int>();
  round_trip_every_rank<int_2>();
  round_trip_every_rank<int_4>();
}

TEST(TextureCopy, UintKindsRoundTripEveryRank) {
  round_trip_every_rank<unsigned int>();
  round_trip_every_rank<uint_2>();
  round_trip_every_rank<uint_4>();
}

TEST(TextureCopy, FloatKindsRoundTripEveryRank) {
  round_trip_every_rank<float>();
  round_trip_every_rank<float_2>();
  round_trip_every_rank<float_4>();
}

TEST(TextureCopy, NormAndUnormKindsRoundTripEveryRank) {
  round_trip_every_rank<norm>();
  round_trip_every_rank<norm_2>();
  round_trip_every_rank<norm_4>();
  round_trip_every_rank<unorm>();
  round_trip_every_rank<unorm_2>();
  round_trip_every_rank<unorm_4>();
}

TEST(TextureCopy, ConstructorFormsAndProperties) {
  const accelerator_view av = accelerator().get_default_view();
  std::vector<float> v = texel_values<float>(12);
  texture<float, 1> a(12);
  texture<float, 2> b(3, 4, v.begin(), v.end());
  texture<float, 3> c(1, 3, 4, v.begin(), v.end(), av);
  texture<float, 2> d(extent<2>(3, 4), av);
  texture<int, 1> e(12, 16u);
  texture<unorm, 2> f(3, 4);
  EXPECT_EQ(a.get_extent(), extent<1>(12));
  EXPECT_EQ(c.get_extent(), extent<3>(1, 3, 4));
  EXPECT_EQ(d.get_accelerator_view(), av);
  EXPECT_EQ(b.get_bits_per_scalar_element(), 32u);
  EXPECT_EQ(e.get_bits_per_scalar_element(), 16u);
  EXPECT_EQ(f.get_bits_per_scalar_element(), 16u);  // OpenCL has no 32-bit normalized formats
  EXPECT_EQ(b.get_data_length(), 12u * 4u);
  EXPECT_EQ(e.get_data_length(), 12u * 2u);
  EXPECT_EQ(texels_of(c), v);
  // A shorter range fills a prefix; the rest is zero (as array's constructor).
  texture<float, 1> g(5, v.begin(), v.begin() + 3);
  EXPECT_EQ(texels_of(g), (std::vector<float>{v[0], v[1], v[2], 0.f, 0.f}));
  // copy() into a texture wants the whole texture.
  EXPECT_THROW(copy(v.begin(), v.begin() + 3, a), runtime_exception);
  std::vector<unsigned char> small(3);
  EXPECT_THROW(copy(b, small.data(), 3u), runtime_exception);
  texture<float, 2> transposed(4, 3);
  EXPECT_THROW(copy(b, transposed), runtime_exception);  // another extent
  EXPECT_THROW((texture<float, 2>(0, 4)), runtime_exception);
}

TEST(TextureCopy, NarrowFormatsConvertOnTheHost) {
  // 8- and 16-bit integers saturate, as OpenCL's write_imagei does.
  const std::vector<int> ints{-200, -128, -1, 0, 127, 300};
  texture<int, 1> i8(6, 8u);
  copy(ints.begin(), ints.end(), i8);
  EXPECT_EQ(texels_of(i8), (std::vector<int>{-128, -128, -1, 0, 127, 127}));
  texture<unsigned int, 1> u16(3, 16u);
  const std::vector<unsigned> uints{1u, 65535u, 70000u};
  copy(uints.begin(), uints.end(), u16);
  EXPECT_EQ(texels_of(u16), (std::vector<unsigned>{1u, 65535u, 65535u}));
  // Half floats: exact where representable, nearest even otherwise.
  texture<float, 1> h(5, 16u);
  const std::vector<float> halves{0.5f, -2.25f, 65504.f, 1.f / 1024.f, 1.0004883f};
  copy(halves.begin(), halves.end(), h);
  const std::vector<float> hb = texels_of(h);
  EXPECT_EQ(hb[0], 0.5f);
  EXPECT_EQ(hb[1], -2.25f);
  EXPECT_EQ(hb[2], 65504.f);
  EXPECT_EQ(hb[3], 1.f / 1024.f);
  EXPECT_EQ(hb[4], 1.0f);  // 1 + 2^-11 lies halfway: rounds to even
  // 8-bit unorm: the nearest of 256 steps.
  texture<unorm, 1> u8(3, 8u);
  const std::vector<unorm> un{unorm(0.f), unorm(0.5f), unorm(1.f)};
  copy(un.begin(), un.end(), u8);
  const std::vector<unorm> ub = texels_of(u8);
  EXPECT_EQ(static_cast<float>(ub[0]), 0.f);
  EXPECT_NEAR(static_cast<float>(ub[1]), 128.f / 255.f, 1e-7);
  EXPECT_EQ(static_cast<float>(ub[2]), 1.f);
}

TEST(TextureCopy, KernelReadsFloatKindsInAmpOrder) {
  kernel_reads_every_rank<float, float_4>("f");
  kernel_reads_every_rank<float_2, float_4>("f");
  kernel_reads_every_rank<float_4, float_4>("f");
  kernel_reads_every_rank<norm_2, float_4>("f");
  kernel_reads_every_rank<unorm, float_4>("f");
}

TEST(TextureCopy, KernelReadsIntAndUintKindsInAmpOrder) {
  kernel_reads_every_rank<int, int_4>("i");
  kernel_reads_every_rank<int_4, int_4>("i");
  kernel_reads_every_rank<unsigned int, uint_4>("ui");
  kernel_reads_every_rank<uint_2, uint_4>("ui");
}

TEST(TextureCopy, KernelSeesExtentsInAmpOrder) {
  texture<float, 2> t(5, 7);
  std::vector<int> ext(2, ampcl_test::poison_int);
  array_view<int, 1> out(2, ext);
  parallel_for_each(extent<1>(1), kernel::from_file(kernel_path("texture_access.cl"), "extents2"),
                    texture_view<const float, 2>(t), out);
  out.synchronize();
  EXPECT_EQ(ext, (std::vector<int>{5, 7}));
}

TEST(TextureCopy, CopyAsyncEveryOverloadCompletesWithTheValues) {
  const std::vector<int_2> host = texel_values<int_2>(12);
  texture<int_2, 2> a(3, 4), b(3, 4), c(3, 4);
  copy_async(host.begin(), host.end(), a).get();
  std::vector<int_2> out(12);
  copy_async(a, out.begin()).get();
  expect_same_texels(host, out, "copy_async(texture, iterator)");
  copy_async(a, b).get();
  expect_same_texels(host, texels_of(b), "copy_async(texture, texture)");
  std::vector<unsigned char> raw(a.get_data_length());
  copy_async(a, raw.data(), static_cast<unsigned>(raw.size())).get();
  copy_async(raw.data(), static_cast<unsigned>(raw.size()), c).get();
  expect_same_texels(host, texels_of(c), "copy_async with raw bytes");
  std::vector<unsigned char> small(4);
  EXPECT_THROW(copy_async(a, small.data(), 4u).get(), runtime_exception);
}
