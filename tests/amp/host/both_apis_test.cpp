// ampcl's API headers first, then C++ AMP's, in one translation unit compiled by the
// project's own compiler: the classes both APIs name are one (accelerator,
// accelerator_view, completion_future, extent, index, tiled_extent, array, array_view,
// short vectors, textures and samplers), and
// C++ AMP's restrict(cpu) still means something after ampcl's headers took their
// macros back (ampcl/detail/cpp_amp_end.h).
#include <amp.h>
#include <amp_graphics.h>
#include <amp_short_vectors.h>
#include <gtest/gtest.h>

#include <ampcl/algorithms.hpp>
#include <ampcl/ampcl.hpp>
#include <cmath>
#include <numeric>
#include <string>
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
  static_assert(std::is_same_v<ampcl::accelerator, Concurrency::accelerator>);
  static_assert(std::is_same_v<ampcl::accelerator_view, concurrency::accelerator_view>);
  static_assert(std::is_same_v<ampcl::completion_future, Concurrency::completion_future>);
  static_assert(
      std::is_same_v<ampcl::array_view<const int, 2>, Concurrency::array_view<const int, 2>>);
  static_assert(std::is_same_v<ampcl::graphics::float_3, Concurrency::graphics::float_3>);
  static_assert(
      std::is_same_v<ampcl::graphics::texture<float, 2>, Concurrency::graphics::texture<float, 2>>);
  static_assert(std::is_same_v<ampcl::graphics::texture_view<const int, 1>,
                               Concurrency::graphics::texture_view<const int, 1>>);
  static_assert(std::is_same_v<ampcl::graphics::writeonly_texture_view<unsigned, 3>,
                               Concurrency::graphics::writeonly_texture_view<unsigned, 3>>);
  static_assert(std::is_same_v<ampcl::graphics::sampler, Concurrency::graphics::sampler>);
  static_assert(std::is_same_v<ampcl::graphics::address_mode, Concurrency::graphics::address_mode>);
}

// One accelerator, whichever API asks: C++ AMP's paths and ampcl's, and a view of the
// CPU accelerator that comes back through ampcl's array still knows whose it is.
TEST(BothApis, OneAcceleratorForBothApis) {
  const Concurrency::accelerator def;
  const ampcl::accelerator same(def.get_opencl_path());
  EXPECT_TRUE(same == def);
  EXPECT_EQ(ampcl::accelerator(def.get_device_path()), def);
  EXPECT_EQ(def.get_default_view().get_accelerator(), def);
  const auto all = Concurrency::accelerator::get_all();
  ASSERT_EQ(all.size(), ampcl::opencl_devices().size() + 1);
  EXPECT_TRUE(all.back() == Concurrency::accelerator(Concurrency::accelerator::cpu_accelerator));
  const ampcl::accelerator_view cpu_view =
      ampcl::accelerator(Concurrency::accelerator::cpu_accelerator).get_default_view();
  EXPECT_TRUE(cpu_view.is_cpu_accelerator_view());
  const std::vector<int> data(16, 3);
  ampcl::array<int, 1> staging(16, data.begin(), cpu_view, def.get_default_view());
  EXPECT_TRUE(staging.get_accelerator_view() == cpu_view);
  EXPECT_TRUE(staging.get_accelerator_view().is_cpu_accelerator_view());
  EXPECT_EQ(staging.get_accelerator_view().get_accelerator().get_device_path(), L"cpu");
  EXPECT_FALSE(def.get_default_view().is_cpu_accelerator_view());
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

// A hand-written OpenCL C kernel launched through ampcl's parallel_for_each over C++
// AMP's short vectors: int_4 passes for int4 (the same bytes); int_3, packed in 12
// bytes, does not pass for int3 (16 bytes an element), which would read and write
// across elements and past the buffer's end: the message names the prelude's int_3.
TEST(BothApis, CppAmpShortVectorsReachHandWrittenKernels) {
  using Concurrency::graphics::int_3;
  using Concurrency::graphics::int_4;
  const ampcl::kernel twice = ampcl::kernel::from_source(
      "__kernel void twice(__global int4* v) { size_t i = get_global_id(0); v[i] = 2 * v[i]; }",
      "twice");
  std::vector<int_4> data(8, int_4(-7));  // poison
  for (int i = 0; i < 8; ++i) data[i] = int_4(i, i + 1, i + 2, i + 3);
  ampcl::array_view<int_4, 1> view(8, data);
  ampcl::parallel_for_each(view.get_extent(), twice, view);
  view.synchronize();
  for (int i = 0; i < 8; ++i) EXPECT_TRUE(data[i] == int_4(2 * i, 2 * i + 2, 2 * i + 4, 2 * i + 6));
  std::vector<int_3> packed(8);
  ampcl::array_view<int_3, 1> packed_view(8, packed);
  const ampcl::kernel as_int3 = ampcl::kernel::from_source(
      "__kernel void g(__global int3* v) { v[get_global_id(0)] = 0; }", "g");
  try {
    ampcl::parallel_for_each(packed_view.get_extent(), as_int3, packed_view);
    ADD_FAILURE() << "a buffer of 12-byte int_3 bound to an int3 parameter";
  } catch (const ampcl::argument_error& e) {
    EXPECT_NE(std::string(e.what()).find("the prelude's int_3"), std::string::npos) << e.what();
  }
}

// C++ AMP's own array_view and array as arguments of a hand-written OpenCL C kernel
// launched through ampcl: a section (an offset and a row stride) of a read-only view,
// an array (whose view the launch runs on, as C++ AMP picks it), and a view of host
// data that a plain pointer parameter writes whole.
TEST(BothApis, CppAmpViewsAndArraysBindToHandWrittenKernels) {
  constexpr int rows = 6, cols = 8, poison = -7;
  std::vector<int> data(rows * cols);
  std::iota(data.begin(), data.end(), 10);
  const Concurrency::array_view<const int, 2> in(rows, cols, data);
  const auto part = in.section(Concurrency::index<2>(1, 2), Concurrency::extent<2>(4, 5));
  const std::vector<int> poisoned(4 * 5, poison);
  Concurrency::array<int, 2> out(4, 5, poisoned.begin());
  const ampcl::kernel scaled = ampcl::kernel::from_source(
      "#include <ampcl.clh>\n"
      "__kernel void scaled(AMPCL_VIEW(const int, in), AMPCL_VIEW(int, out), int k) {\n"
      "  index2 idx = amp_index2();\n"
      "  AV2_AT(out, idx.v) = k * AV2_AT(in, idx.v) + 1;\n"
      "}\n",
      "scaled");
  ampcl::parallel_for_each(ampcl::extent<2>(4, 5), scaled, part, out, 3);
  const std::vector<int> got = out;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 5; ++j)
      EXPECT_EQ(got[i * 5 + j], 3 * data[(1 + i) * cols + 2 + j] + 1) << i << ", " << j;

  std::vector<int> flat(32, poison);
  Concurrency::array_view<int, 1> whole(32, flat);
  const ampcl::kernel squares = ampcl::kernel::from_source(
      "__kernel void squares(__global int* v) { int i = get_global_id(0); v[i] = i * i; }",
      "squares");
  ampcl::parallel_for_each(ampcl::extent<1>(32), squares, whole);
  whole.synchronize();
  for (int i = 0; i < 32; ++i) EXPECT_EQ(flat[i], i * i);
}

// ampcl's library routines on C++ AMP's views: gemm on a section, reduce and
// transform, each against a host reference.
TEST(BothApis, LibraryRoutinesTakeCppAmpViews) {
  constexpr int m = 16, k = 12, n = 8;
  std::vector<float> a(m * k), b(k * n), c(m * n, -7.0f);  // c: poison
  for (int i = 0; i < m * k; ++i) a[i] = static_cast<float>(i % 7) - 3.0f;
  for (int i = 0; i < k * n; ++i) b[i] = static_cast<float>(i % 5) * 0.5f;
  const Concurrency::array_view<const float, 2> av(m, k, a), bv(k, n, b);
  Concurrency::array_view<float, 2> cv(m, n, c);
  ampcl::gemm(av, bv, cv);
  cv.synchronize();
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      float want = 0.0f;
      for (int p = 0; p < k; ++p) want += a[i * k + p] * b[p * n + j];
      EXPECT_NEAR(c[i * n + j], want, 1e-4f * (1.0f + std::abs(want))) << i << ", " << j;
    }

  std::vector<int> values(1000);
  std::iota(values.begin(), values.end(), -300);
  const Concurrency::array_view<const int, 1> in(1000, values);
  EXPECT_EQ(ampcl::reduce(in), std::accumulate(values.begin(), values.end(), 0));
  EXPECT_EQ(ampcl::reduce(in.section(Concurrency::index<1>(10), Concurrency::extent<1>(20)),
                          ampcl::reduce_op::max),
            values[29]);
  std::vector<int> doubled(1000, -7);
  Concurrency::array_view<int, 1> out(1000, doubled);
  ampcl::transform(in, out, "2 * x + 1");
  out.synchronize();
  for (int i = 0; i < 1000; ++i) EXPECT_EQ(doubled[i], 2 * values[i] + 1) << i;
}

// C++ AMP's texture, views and sampler as arguments of hand-written OpenCL C kernels:
// one kernel writes the texture through a writeonly_texture_view, another samples it
// through a texture_view<const float> with a point sampler at texel centres (the
// launches run where the texture lives, as C++ AMP picks it); the values against the
// host's, and the texture read back with C++ AMP's copy.
TEST(BothApis, CppAmpTexturesAndSamplersBindToHandWrittenKernels) {
  using namespace Concurrency::graphics;
  constexpr int rows = 4, cols = 6;
  constexpr float poison = -7.0f;
  const std::vector<float> poisoned(rows * cols, poison);
  texture<float, 2> t(rows, cols, poisoned.begin(), poisoned.end());
  if (!t.get_accelerator_view().get_accelerator().get_supports_images())
    GTEST_SKIP() << "the default device has no images";
  const ampcl::kernel fill = ampcl::kernel::from_source(
      "#include <ampcl.clh>\n"
      "__kernel void fill(__write_only image2d_t t) {\n"
      "  index2 idx = amp_index2();\n"
      "  tex_write2f(t, idx.v[0], idx.v[1], (float4)(idx.v[0] * 10 + idx.v[1], 0, 0, 0));\n"
      "}\n",
      "fill");
  ampcl::parallel_for_each(t.get_extent(), fill, writeonly_texture_view<float, 2>(t));

  const ampcl::kernel look = ampcl::kernel::from_source(
      "#include <ampcl.clh>\n"
      "__kernel void look(__read_only image2d_t t, sampler_t s, AMPCL_VIEW(float, out),\n"
      "                   int rows, int cols) {\n"
      "  index2 idx = amp_index2();\n"
      "  AV2_AT(out, idx.v) =\n"
      "      tex_sample2f(t, s, (idx.v[0] + 0.5f) / rows, (idx.v[1] + 0.5f) / cols).x;\n"
      "}\n",
      "look");
  std::vector<float> seen(rows * cols, poison);
  Concurrency::array_view<float, 2> out(rows, cols, seen);
  const texture_view<const float, 2> read(t);
  ampcl::parallel_for_each(out.get_extent(), look, read, sampler(filter_point, address_clamp), out,
                           rows, cols);
  out.synchronize();
  std::vector<float> back(rows * cols, poison);
  copy(t, back.begin());
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      EXPECT_EQ(seen[r * cols + c], static_cast<float>(r * 10 + c)) << r << ", " << c;
      EXPECT_EQ(back[r * cols + c], static_cast<float>(r * 10 + c)) << r << ", " << c;
    }
}
