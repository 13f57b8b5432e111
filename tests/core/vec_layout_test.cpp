// Short vectors have C++ AMP's layout (N packed scalars); kernels see the 2- and
// 4-component ones as OpenCL's vectors and the 3-component ones as the prelude's
// packed structs: kernels write components, the host reads them.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "test_support.hpp"

using namespace ampcl;
using namespace ampcl::graphics;
using ampcl_test::kernel_path;
using ampcl_test::poison_float;
using ampcl_test::poison_int;

namespace {

kernel vec_kernel(const char* name) {
  return kernel::from_file(kernel_path("short_vectors.cl"), name);
}

}  // namespace

TEST(VecLayout, SizesAreCppAmpsAndSpellingsOpenCLs) {
  // C++ AMP: an N-vector is N scalars, nothing else (float_3 is 12 bytes).
  static_assert(sizeof(int_2) == 8 && sizeof(int_3) == 12 && sizeof(int_4) == 16);
  static_assert(sizeof(uint_3) == 12 && sizeof(float_3) == 12 && alignof(float_3) == 4);
  static_assert(sizeof(double_2) == 16 && sizeof(double_3) == 24 && sizeof(double_4) == 32);
  static_assert(sizeof(norm) == 4 && sizeof(unorm) == 4);
  static_assert(sizeof(norm_3) == 12 && sizeof(unorm_4) == 16);
  static_assert(std::is_trivially_copyable_v<float_4> && std::is_standard_layout_v<norm_4>);
  // In a hand-written kernel: OpenCL's vector where the bytes agree, the prelude's
  // packed struct of the same name for 3 components.
  EXPECT_EQ(ampcl::detail::cl_type_name<int_2>(), "int2");
  EXPECT_EQ(ampcl::detail::cl_type_name<uint_3>(), "uint_3");
  EXPECT_EQ(ampcl::detail::cl_type_name<float_4>(), "float4");
  EXPECT_EQ(ampcl::detail::cl_type_name<double_2>(), "double2");
  EXPECT_EQ(ampcl::detail::cl_type_name<norm_2>(), "float2");
  EXPECT_EQ(ampcl::detail::cl_type_name<const unorm_4>(), "float4");
  EXPECT_EQ(ampcl::detail::cl_type_name<norm>(), "float");
  EXPECT_EQ(ampcl::detail::cl_type_name<const unorm>(), "float");
  std::vector<int_3> v(2);
  EXPECT_EQ(reinterpret_cast<char*>(&v[1]) - reinterpret_cast<char*>(&v[0]), 12);
}

TEST(VecLayout, Int4ComponentsWrittenByKernelAreReadOnHost) {
  const int n = 37;
  std::vector<int_4> out(n, int_4(poison_int));
  array_view<int_4, 1> ov(n, out);
  ov.discard_data();
  parallel_for_each(ov.get_extent(), vec_kernel("write_int4"), ov);
  ov.synchronize();
  for (int i = 0; i < n; ++i) EXPECT_EQ(out[i], int_4(i, 10 * i, 100 * i, -i)) << "element " << i;
}

TEST(VecLayout, Uint3IsPackedInArrays) {
  const int n = 19;
  array<uint_3, 1> out(n);
  parallel_for_each(out.get_extent(), vec_kernel("write_uint3"), out);
  std::vector<uint_3> host = out;
  for (unsigned i = 0; i < static_cast<unsigned>(n); ++i) {
    EXPECT_EQ(host[i].x, i) << i;
    EXPECT_EQ(host[i].y, i + 7u) << i;
    EXPECT_EQ(host[i].z, 0xFFFFFFF0u + i) << i;
  }
}

TEST(VecLayout, Float3AndFloat2ComponentsRoundTrip) {
  const int n = 33;
  std::vector<float_3> f3(n, float_3(poison_float));
  std::vector<float_2> f2(n, float_2(poison_float));
  array_view<float_3, 1> v3(n, f3);
  array_view<float_2, 1> v2(n, f2);
  parallel_for_each(v3.get_extent(), vec_kernel("write_float3"), v3);
  parallel_for_each(v2.get_extent(), vec_kernel("write_float2"), v2);
  v3.synchronize();
  v2.synchronize();
  for (int i = 0; i < n; ++i) {
    EXPECT_EQ(f3[i], float_3(i + 0.5f, -static_cast<float>(i), 2.0f * i)) << i;
    EXPECT_EQ(f2[i], float_2(i * 0.25f, i * -4.0f)) << i;
  }
}

TEST(VecLayout, Float4ScalarArgumentAndArraysAxpy) {
  const int n = 64;
  std::vector<float_4> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = float_4(i, i + 1, -i, 0.5f * i);
    y[i] = float_4(1, 2, 3, 4);
  }
  const float_4 a(2.f, -1.f, 0.5f, 4.f);
  std::vector<float_4> expect(n);
  for (int i = 0; i < n; ++i) expect[i] = a * x[i] + y[i];  // host operators
  array_view<const float_4, 1> xv(n, x);
  array_view<float_4, 1> yv(n, y);
  parallel_for_each(yv.get_extent(), vec_kernel("axpy_float4"), a, xv, yv);
  yv.synchronize();
  for (int i = 0; i < n; ++i) EXPECT_EQ(y[i], expect[i]) << i;
}

TEST(VecLayout, Int3SectionsOfTwoDimensionalViews) {
  const int rows = 5, cols = 6;
  std::vector<int_3> a(rows * cols), b(rows * cols), c(rows * cols, int_3(poison_int));
  for (int k = 0; k < rows * cols; ++k) {
    a[k] = int_3(k, 2 * k, 3 * k);
    b[k] = int_3(-k, 100, k * k);
  }
  array_view<const int_3, 2> av(rows, cols, a), bv(rows, cols, b);
  array_view<int_3, 2> cv(rows, cols, c);
  // A section: rows 1..3, columns 2..5 only; the rest keeps its poison.
  const ampcl::index<2> origin(1, 2);
  const extent<2> ext(3, 4);
  parallel_for_each(ext, vec_kernel("add_int3"), av.section(origin, ext), bv.section(origin, ext),
                    cv.section(origin, ext));
  cv.synchronize();
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) {
      const int k = i * cols + j;
      const bool inside = i >= 1 && i < 4 && j >= 2 && j < 6;
      EXPECT_EQ(c[k], inside ? a[k] + b[k] : int_3(poison_int)) << i << "," << j;
    }
}

TEST(VecLayout, KernelSwizzlesMatchHostSwizzles) {
  const int n = 16;
  std::vector<uint_2> u(n);
  std::vector<float_4> f(n), g(n, float_4(poison_float));
  for (int i = 0; i < n; ++i) {
    u[i] = uint_2(i, 1000u + i);
    f[i] = float_4(i, i * 2.f, i * 3.f, i * 4.f);
  }
  const std::vector<uint_2> before = u;
  array_view<uint_2, 1> uv(n, u);
  array_view<const float_4, 1> fv(n, f);
  array_view<float_4, 1> gv(n, g);
  parallel_for_each(uv.get_extent(), vec_kernel("swizzle_uint2"), uv);
  parallel_for_each(gv.get_extent(), vec_kernel("swizzle_float4"), fv, gv);
  uv.synchronize();
  gv.synchronize();
  for (int i = 0; i < n; ++i) {
    EXPECT_EQ(u[i], before[i].get_yx()) << i;
    EXPECT_EQ(g[i], f[i].get_wzyx()) << i;
  }
}

TEST(VecLayout, NormVectorsBindAsFloatVectors) {
  const int n = 9;
  std::vector<norm_2> in(n), out(n, norm_2(0.123f));
  for (int i = 0; i < n; ++i) in[i] = norm_2(-1.f + 0.25f * i, 0.1f * i);
  array_view<const norm_2, 1> iv(n, in);
  array_view<norm_2, 1> ov(n, out);
  parallel_for_each(ov.get_extent(), vec_kernel("double_norm"), iv, ov);
  ov.synchronize();
  for (int i = 0; i < n; ++i) {
    // Host semantics: norm_2 * 2 clamps each component to [-1, 1].
    EXPECT_EQ(out[i], in[i] * norm_2(norm(1.f)) + in[i]) << i;
  }
}

TEST(VecLayout, MismatchedVectorElementTypeIsRejected) {
  std::vector<int_4> v(4);
  array_view<int_4, 1> iv(4, v);
  try {
    parallel_for_each(iv.get_extent(), vec_kernel("write_float2"), iv);
    FAIL() << "int_4 elements bound to a float2* parameter";
  } catch (const argument_error& e) {
    EXPECT_NE(std::string(e.what()).find("int4"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("float2"), std::string::npos) << e.what();
  }
  std::vector<float_4> x(4), y(4);
  array_view<const float_4, 1> xv(4, x);
  array_view<float_4, 1> yv(4, y);
  EXPECT_THROW(parallel_for_each(yv.get_extent(), vec_kernel("axpy_float4"), int_4(1), xv, yv),
               argument_error);
}

// OpenCL's float3 is four wide: a view of C++ AMP's packed float_3 bound to it would
// read across elements. The launch refuses it and names the prelude's float_3,
// which the twin kernel declares and which passes.
TEST(VecLayout, Float3ParameterForPackedFloat3IsRejected) {
  std::vector<float_3> v(8, float_3(poison_float));
  array_view<float_3, 1> fv(8, v);
  const kernel wide = kernel::from_source(
      "__kernel void wide(__global float3* v) { v[get_global_id(0)] = (float3)(1.0f); }", "wide");
  try {
    parallel_for_each(fv.get_extent(), wide, fv);
    FAIL() << "float_3 elements bound to a float3* parameter";
  } catch (const argument_error& e) {
    EXPECT_NE(std::string(e.what()).find("the prelude's float_3"), std::string::npos) << e.what();
  }
  const kernel packed = kernel::from_source(
      "#include <ampcl.clh>\n"
      "__kernel void packed(__global float_3* v) { v[get_global_id(0)].y = 1.0f; }",
      "packed");
  parallel_for_each(fv.get_extent(), packed, fv);
  fv.synchronize();
  for (int i = 0; i < 8; ++i) EXPECT_EQ(v[i], float_3(poison_float, 1.0f, poison_float)) << i;
}

TEST(VecLayout, Double3AndDouble2RoundTripWithFp64) {
  if (!accelerator().get_supports_double_precision()) GTEST_SKIP() << "device has no fp64";
  const int n = 11;
  const kernel w = kernel::from_file(kernel_path("short_vectors_fp64.cl"), "write_double3");
  const kernel s = kernel::from_file(kernel_path("short_vectors_fp64.cl"), "scale_double2");
  std::vector<double_3> d3(n, double_3(-7.0));
  std::vector<double_2> d2(n);
  for (int i = 0; i < n; ++i) d2[i] = double_2(i, 1.0 / 3 * i);
  array_view<double_3, 1> v3(n, d3);
  array_view<double_2, 1> v2(n, d2);
  parallel_for_each(v3.get_extent(), w, v3);
  parallel_for_each(v2.get_extent(), s, double_2(2.0, 1e-200), v2);
  v3.synchronize();
  v2.synchronize();
  for (int i = 0; i < n; ++i) {
    EXPECT_EQ(d3[i], double_3(i + 0.125, -1.0 / (i + 1), 1e300 * i)) << i;
    EXPECT_EQ(d2[i], double_2(2.0 * i, 1.0 / 3 * i * 1e-200)) << i;
  }
}
