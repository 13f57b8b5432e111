// Kernels writing textures: writeonly_texture_view and texture_view<T,N> in AMP
// order, norm/unorm clamping on the device, and 3D writes where the device has them.
#include <gtest/gtest.h>

#include <iostream>
#include <vector>

#include "../../lib/devices/device_state.hpp"
#include "texture_test_support.hpp"

using namespace ampcl;
using namespace ampcl::graphics;
using ampcl_test::kernel_path;
using ampcl_test::poison_float;
using ampcl_test::poison_int;
using ampcl_texture_test::texels_of;

namespace {

kernel access_kernel(const char* name) {
  return kernel::from_file(kernel_path("texture_access.cl"), name);
}

}  // namespace

TEST(TextureWrite, WriteonlyViewWrittenByKernelInAmpOrder) {
  const int rows = 5, cols = 7;
  const std::vector<float> poison(rows * cols, poison_float);
  texture<float, 2> t(rows, cols, poison.begin(), poison.end());
  writeonly_texture_view<float, 2> wv(t);
  EXPECT_EQ(wv.get_extent(), extent<2>(rows, cols));
  parallel_for_each(wv.get_extent(), access_kernel("write2f"), wv);
  const std::vector<float> got = texels_of(t);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      ASSERT_EQ(got[r * cols + c], static_cast<float>(r * 100 + c))
          << "texel (" << r << ", " << c << ")";
}

TEST(TextureWrite, TextureViewAndTextureWriteEveryComponent) {
  const int rows = 3, cols = 4;
  texture<float_4, 2> f4(rows, cols,
                         std::vector<float_4>(rows * cols, float_4(poison_float)).begin(),
                         std::vector<float_4>(rows * cols, float_4(poison_float)).end());
  parallel_for_each(extent<2>(rows, cols), access_kernel("write2f4"), texture_view<float_4, 2>(f4));
  const std::vector<float_4> g4 = texels_of(f4);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const float v = static_cast<float>(r * 100 + c);
      ASSERT_EQ(g4[r * cols + c], float_4(v, v + 0.25f, v + 0.5f, v + 0.75f));
    }

  std::vector<int_2> poison2(rows * cols, int_2(poison_int));
  texture<int_2, 2> i2(rows, cols, poison2.begin(), poison2.end());
  parallel_for_each(extent<2>(rows, cols), access_kernel("write2i2"), i2);  // the texture itself
  const std::vector<int_2> g2 = texels_of(i2);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) ASSERT_EQ(g2[r * cols + c], int_2(r * 100 + c, -(r * 100 + c)));

  std::vector<unsigned> poison1(9, 0xDEADBEEFu);
  texture<unsigned, 1> u1(9, poison1.begin(), poison1.end());
  parallel_for_each(u1.get_extent(), access_kernel("write1ui"),
                    writeonly_texture_view<unsigned, 1>(u1));
  const std::vector<unsigned> g1 = texels_of(u1);
  for (unsigned i = 0; i < 9; ++i) ASSERT_EQ(g1[i], i * 3u);
}

TEST(TextureWrite, KernelReadsOneTextureAndWritesAnother) {
  const std::vector<float> src = ampcl_texture_test::texel_values<float>(12);
  texture<float, 2> a(3, 4, src.begin(), src.end());
  const std::vector<float> poison(12, poison_float);
  texture<float, 2> b(3, 4, poison.begin(), poison.end());
  parallel_for_each(a.get_extent(), access_kernel("copy2f"), texture_view<const float, 2>(a),
                    writeonly_texture_view<float, 2>(b));
  const std::vector<float> got = texels_of(b);
  for (int i = 0; i < 12; ++i) ASSERT_EQ(got[i], src[i] * 2.f);
}

TEST(TextureWrite, NormAndUnormFormatsClampKernelWrites) {
  // OpenCL converts write_imagef values to snorm/unorm with saturation.
  const std::vector<float> values{-2.f, -1.f, -0.5f, 0.f, 0.25f, 1.f, 1.5f, 100.f};
  const int n = static_cast<int>(values.size());
  array_view<const float, 1> vv(n, values);
  int widths_tested = 0;
  for (unsigned bits : {8u, 16u}) {
    SCOPED_TRACE(::testing::Message() << bits << " bits");
    // Devices list their image formats: NVIDIA's has no 8-bit snorm with one
    // channel, and says so as unsupported_feature, which is the right answer.
    try {
      texture<unorm, 1> probe_u(extent<1>(1), bits);
      texture<norm, 1> probe_s(extent<1>(1), bits);
    } catch (const unsupported_feature& e) {
      std::cout << "[ note     ] " << bits << "-bit norm/unorm: " << e.what() << '\n';
      continue;
    }
    ++widths_tested;
    texture<unorm, 1> u(extent<1>(n), bits);
    parallel_for_each(u.get_extent(), access_kernel("store1f"), vv,
                      writeonly_texture_view<unorm, 1>(u));
    texture<norm, 1> s(extent<1>(n), bits);
    parallel_for_each(s.get_extent(), access_kernel("store1f"), vv,
                      writeonly_texture_view<norm, 1>(s));
    const std::vector<unorm> ug = texels_of(u);
    const std::vector<norm> sg = texels_of(s);
    const double step_u = 1.0 / ((1u << bits) - 1), step_s = 1.0 / ((1u << (bits - 1)) - 1);
    for (int i = 0; i < n; ++i) {
      const double want_u = std::clamp(static_cast<double>(values[i]), 0.0, 1.0);
      const double want_s = std::clamp(static_cast<double>(values[i]), -1.0, 1.0);
      // Rounded to the format's nearest step (half a step of error at most).
      EXPECT_NEAR(static_cast<float>(ug[i]), want_u, step_u / 2 + 1e-7) << "unorm " << values[i];
      EXPECT_NEAR(static_cast<float>(sg[i]), want_s, step_s / 2 + 1e-7) << "norm " << values[i];
    }
    EXPECT_EQ(static_cast<float>(ug[0]), 0.f);
    EXPECT_EQ(static_cast<float>(ug[n - 1]), 1.f);
    EXPECT_EQ(static_cast<float>(sg[0]), -1.f);
    EXPECT_EQ(static_cast<float>(sg[n - 1]), 1.f);
  }
  if (widths_tested == 0) GTEST_SKIP() << "the device has no 8- or 16-bit norm/unorm image format";
}

TEST(TextureWrite, ThreeDimensionalWritesWhereTheDeviceHasThem) {
  const accelerator acc;
  if (acc.state()->info.extensions.find("cl_khr_3d_image_writes") == std::string::npos)
    GTEST_SKIP() << acc.get_device_name() << " has no cl_khr_3d_image_writes";
  const std::vector<float> poison(2 * 3 * 4, poison_float);
  texture<float, 3> t(2, 3, 4, poison.begin(), poison.end());
  parallel_for_each(t.get_extent(), access_kernel("write3f"), writeonly_texture_view<float, 3>(t));
  const std::vector<float> got = texels_of(t);
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 3; ++b)
      for (int c = 0; c < 4; ++c)
        ASSERT_EQ(got[(a * 3 + b) * 4 + c], static_cast<float>(a * 10000 + b * 100 + c));
}

TEST(TextureWrite, OneDimensionalWriteAndRelaunchWithChangedTexture) {
  // The same kernel with a second texture: the argument is set again.
  texture<float, 1> a(6), b(6);
  const kernel k = access_kernel("write1f");
  parallel_for_each(a.get_extent(), k, writeonly_texture_view<float, 1>(a));
  parallel_for_each(b.get_extent(), k, writeonly_texture_view<float, 1>(b));
  EXPECT_EQ(texels_of(a), (std::vector<float>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(texels_of(b), (std::vector<float>{0, 1, 2, 3, 4, 5}));
}
