// Sampling through OpenCL samplers against a float64 host reference of OpenCL's
// addressing and filtering formulas (OpenCL 1.2, section 8.2).
//
// Tolerances: point sampling is exact (coordinates stay 0.3 texel or more away
// from texel boundaries, where float rounding could pick the neighbour). Linear
// filtering weights have implementation-defined precision (GPUs use 8 fraction
// bits), so results may differ from the reference by 1/256 of the largest texel
// difference; texels lie in [0, 1], so the tolerance is 1/256 + 1e-6.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "texture_test_support.hpp"

using namespace ampcl;
using namespace ampcl::graphics;
using ampcl_test::kernel_path;
using ampcl_test::poison_float;

namespace {

constexpr double linear_tolerance = 1.0 / 256 + 1e-6;
constexpr double point_tolerance = 1e-6;

kernel sample_kernel(const char* name) {
  return kernel::from_file(kernel_path("texture_sample.cl"), name);
}

// The texels (up to two) a coordinate reaches along one axis, with their weights;
// index -1 is the border (address_border outside the texture).
struct axis_taps {
  int index[2] = {0, 0};
  double weight[2] = {1, 0};
  int count = 1;
};

double frac(double v) {
  return v - std::floor(v);
}

axis_taps taps(double s, int size, filter_mode filter, address_mode address) {
  axis_taps t;
  const double w = size;
  if (filter == filter_point) {
    t.count = 1;
    int i = 0;
    switch (address) {
      case address_wrap:
        i = static_cast<int>(std::floor((s - std::floor(s)) * w));
        if (i > size - 1) i -= size;
        break;
      case address_mirror: {
        const double m = std::fabs(s - 2 * std::rint(0.5 * s));
        i = std::min(static_cast<int>(std::floor(m * w)), size - 1);
        break;
      }
      case address_clamp:
        i = std::clamp(static_cast<int>(std::floor(s * w)), 0, size - 1);
        break;
      default:  // address_border
        i = static_cast<int>(std::floor(s * w));
        if (i < 0 || i > size - 1) i = -1;
    }
    t.index[0] = i;
    return t;
  }
  t.count = 2;
  double u = 0;
  int i0 = 0, i1 = 0;
  switch (address) {
    case address_wrap:
      u = (s - std::floor(s)) * w;
      i0 = static_cast<int>(std::floor(u - 0.5));
      i1 = i0 + 1;
      if (i0 < 0) i0 += size;
      if (i1 > size - 1) i1 -= size;
      break;
    case address_mirror:
      u = std::fabs(s - 2 * std::rint(0.5 * s)) * w;
      i0 = std::max(static_cast<int>(std::floor(u - 0.5)), 0);
      i1 = std::min(static_cast<int>(std::floor(u - 0.5)) + 1, size - 1);
      break;
    case address_clamp:
      u = s * w;
      i0 = std::clamp(static_cast<int>(std::floor(u - 0.5)), 0, size - 1);
      i1 = std::clamp(static_cast<int>(std::floor(u - 0.5)) + 1, 0, size - 1);
      break;
    default:  // address_border
      u = s * w;
      i0 = static_cast<int>(std::floor(u - 0.5));
      i1 = i0 + 1;
      if (i0 < 0 || i0 > size - 1) i0 = -1;
      if (i1 < 0 || i1 > size - 1) i1 = -1;
  }
  const double a = frac(u - 0.5);
  t.index[0] = i0;
  t.index[1] = i1;
  t.weight[0] = 1 - a;
  t.weight[1] = a;
  return t;
}

// Component c of the sample at normalized (y, x) of a rows x cols texture of C components.
double reference_2d(const std::vector<float>& texels, int comps, int c, int rows, int cols,
                    double y, double x, filter_mode f, address_mode a) {
  const axis_taps ty = taps(y, rows, f, a), tx = taps(x, cols, f, a);
  double sum = 0;
  for (int j = 0; j < ty.count; ++j)
    for (int i = 0; i < tx.count; ++i) {
      if (ty.index[j] < 0 || tx.index[i] < 0) continue;  // border: transparent black
      sum += ty.weight[j] * tx.weight[i] *
             texels[(static_cast<std::size_t>(ty.index[j]) * cols + tx.index[i]) * comps + c];
    }
  return sum;
}

std::vector<float> random_texels(std::size_t n, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> d(0.f, 1.f);
  std::vector<float> v(n);
  for (auto& x : v) x = d(gen);
  return v;
}

// Normalized coordinates: point sampling keeps 0.3 texel from boundaries (texel
// k + 0.3 or k + 0.6, k anywhere from two textures before to two after).
std::vector<float_2> coordinates(int rows, int cols, filter_mode f, int count, unsigned seed) {
  std::mt19937 gen(seed);
  std::vector<float_2> out;
  for (int i = 0; i < count; ++i) {
    if (f == filter_point) {
      std::uniform_int_distribution<int> ky(-2 * rows, 3 * rows - 1), kx(-2 * cols, 3 * cols - 1);
      out.emplace_back((ky(gen) + 0.3f) / rows, (kx(gen) + 0.6f) / cols);
    } else {
      std::uniform_real_distribution<float> d(-1.5f, 2.5f);
      out.emplace_back(d(gen), d(gen));
    }
  }
  return out;
}

struct sample_case {
  filter_mode filter;
  address_mode address;
  std::string name;
};

class TextureSample : public ::testing::TestWithParam<sample_case> {};

}  // namespace

TEST_P(TextureSample, FloatTexture2DMatchesOpenCLFormula) {
  const sample_case& p = GetParam();
  const int rows = 5, cols = 7, n = 400;
  const std::vector<float> texels = random_texels(rows * cols, 7);
  texture<float, 2> t(rows, cols, texels.begin(), texels.end());
  const std::vector<float_2> coords = coordinates(rows, cols, p.filter, n, 11);
  std::vector<float_4> got(n, float_4(poison_float));
  array_view<const float_2, 1> cv(n, coords);
  array_view<float_4, 1> out(n, got);
  const sampler s(p.filter, p.address);
  parallel_for_each(out.get_extent(), sample_kernel("sample2"), texture_view<const float, 2>(t), s,
                    cv, out);
  out.synchronize();
  const double tol = p.filter == filter_point ? point_tolerance : linear_tolerance;
  for (int i = 0; i < n; ++i) {
    const double want =
        reference_2d(texels, 1, 0, rows, cols, coords[i].x, coords[i].y, p.filter, p.address);
    ASSERT_NEAR(got[i].x, want, tol)
        << "sample " << i << " at (y, x) = (" << coords[i].x << ", " << coords[i].y << ")";
  }
}

TEST_P(TextureSample, Float4Texture2DSamplesEveryComponentAndXyOrderAgrees) {
  const sample_case& p = GetParam();
  const int rows = 4, cols = 6, n = 200;
  const std::vector<float> texels = random_texels(rows * cols * 4, 3);
  std::vector<float_4> host(rows * cols);
  for (std::size_t i = 0; i < host.size(); ++i)
    host[i] = float_4(texels[4 * i], texels[4 * i + 1], texels[4 * i + 2], texels[4 * i + 3]);
  texture<float_4, 2> t(rows, cols, host.begin(), host.end());
  const std::vector<float_2> coords = coordinates(rows, cols, p.filter, n, 5);
  std::vector<float_4> got(n, float_4(poison_float)), got_xy(n, float_4(poison_float));
  array_view<const float_2, 1> cv(n, coords);
  array_view<float_4, 1> out(n, got), out_xy(n, got_xy);
  const sampler s(p.filter, p.address);
  const texture_view<const float_4, 2> tv(t);
  parallel_for_each(out.get_extent(), sample_kernel("sample2"), tv, s, cv, out);
  parallel_for_each(out.get_extent(), sample_kernel("sample2_xy"), tv, s, cv, out_xy);
  out.synchronize();
  out_xy.synchronize();
  const double tol = p.filter == filter_point ? point_tolerance : linear_tolerance;
  for (int i = 0; i < n; ++i)
    for (int c = 0; c < 4; ++c) {
      const double want =
          reference_2d(texels, 4, c, rows, cols, coords[i].x, coords[i].y, p.filter, p.address);
      ASSERT_NEAR(ampcl_texture_test::component(got[i], c), want, tol)
          << "sample " << i << " component " << c;
      ASSERT_EQ(ampcl_texture_test::component(got_xy[i], c),
                ampcl_texture_test::component(got[i], c))
          << "sample " << i << " component " << c;
    }
}

INSTANTIATE_TEST_SUITE_P(
    FilterAndAddress, TextureSample,
    ::testing::Values(sample_case{filter_point, address_wrap, "point_wrap"},
                      sample_case{filter_point, address_mirror, "point_mirror"},
                      sample_case{filter_point, address_clamp, "point_clamp"},
                      sample_case{filter_point, address_border, "point_border"},
                      sample_case{filter_linear, address_wrap, "linear_wrap"},
                      sample_case{filter_linear, address_mirror, "linear_mirror"},
                      sample_case{filter_linear, address_clamp, "linear_clamp"},
                      sample_case{filter_linear, address_border, "linear_border"}),
    [](const ::testing::TestParamInfo<sample_case>& info) { return info.param.name; });

TEST(TextureSampleForms, OneAndThreeDimensionalLinearSampling) {
  // 1D, wrap: reference from the 2D formula with one row.
  const int n = 100, width = 9;
  const std::vector<float> texels = random_texels(width, 21);
  texture<float, 1> t1(width, texels.begin(), texels.end());
  std::vector<float> xs(n);
  std::mt19937 gen(4);
  std::uniform_real_distribution<float> d(-1.5f, 2.5f);
  for (auto& x : xs) x = d(gen);
  std::vector<float_4> got(n, float_4(poison_float));
  array_view<const float, 1> xv(n, xs);
  array_view<float_4, 1> out(n, got);
  parallel_for_each(out.get_extent(), sample_kernel("sample1"), texture_view<const float, 1>(t1),
                    sampler(filter_linear, address_wrap), xv, out);
  out.synchronize();
  for (int i = 0; i < n; ++i)
    ASSERT_NEAR(got[i].x,
                reference_2d(texels, 1, 0, 1, width, 0.5, xs[i], filter_linear, address_wrap),
                linear_tolerance)
        << "x = " << xs[i];

  // 3D, clamp: trilinear = linear along z of two bilinear slices.
  const int depth = 3, rows = 4, cols = 5;
  const std::vector<float> vol = random_texels(depth * rows * cols, 8);
  texture<float, 3> t3(depth, rows, cols, vol.begin(), vol.end());
  std::vector<float_4> coords(n);
  for (auto& c : coords) c = float_4(d(gen), d(gen), d(gen), 0.f);  // (z, y, x)
  std::vector<float_4> got3(n, float_4(poison_float));
  array_view<const float_4, 1> cv(n, coords);
  array_view<float_4, 1> out3(n, got3);
  parallel_for_each(out3.get_extent(), sample_kernel("sample3"), texture_view<const float, 3>(t3),
                    sampler(filter_linear, address_clamp), cv, out3);
  out3.synchronize();
  for (int i = 0; i < n; ++i) {
    const axis_taps tz = taps(coords[i].x, depth, filter_linear, address_clamp);
    double want = 0;
    for (int k = 0; k < 2; ++k) {
      const std::vector<float> slice(vol.begin() + tz.index[k] * rows * cols,
                                     vol.begin() + (tz.index[k] + 1) * rows * cols);
      want += tz.weight[k] * reference_2d(slice, 1, 0, rows, cols, coords[i].y, coords[i].z,
                                          filter_linear, address_clamp);
    }
    ASSERT_NEAR(got3[i].x, want, linear_tolerance) << "sample " << i;
  }
}

TEST(TextureSampleForms, KernelDeclaredAndUnnormalizedSamplersReadTexels) {
  const int rows = 3, cols = 4;
  const std::vector<float> texels = random_texels(rows * cols, 2);
  texture<float, 2> t(rows, cols, texels.begin(), texels.end());
  // Texel-space positions (y, x) = (r + 0.5, c + 0.5) plus one outside (clamped).
  std::vector<float_2> pos;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) pos.emplace_back(r + 0.5f, c + 0.5f);
  pos.emplace_back(-4.f, 10.f);  // clamps to (0, cols - 1)
  const int n = static_cast<int>(pos.size());
  array_view<const float_2, 1> pv(n, pos);
  const texture_view<const float, 2> tv(t);
  std::vector<float> want(texels);
  want.push_back(texels[cols - 1]);

  std::vector<float_4> a(n, float_4(poison_float)), b(n, float_4(poison_float)),
      c(n, float_4(poison_float));
  array_view<float_4, 1> av(n, a), bv(n, b), cv(n, c);
  parallel_for_each(av.get_extent(), sample_kernel("sample2_in_kernel"), tv, pv, av);
  const sampler texel_space = with_unnormalized_coordinates(sampler(filter_point, address_clamp));
  EXPECT_FALSE(has_normalized_coordinates(texel_space));
  parallel_for_each(bv.get_extent(), sample_kernel("sample2"), tv, texel_space, pv, bv);
  parallel_for_each(cv.get_extent(), sample_kernel("sample2_texels"), tv,
                    sampler(filter_point, address_clamp), pv, cv);
  av.synchronize();
  bv.synchronize();
  cv.synchronize();
  for (int i = 0; i < n; ++i) {
    EXPECT_EQ(a[i].x, want[i]) << "in-kernel sampler, position " << i;
    EXPECT_EQ(b[i].x, want[i]) << "unnormalized host sampler, position " << i;
    EXPECT_EQ(c[i].x, want[i]) << "tex_sample2f_texels, position " << i;
  }
}

TEST(TextureSampleForms, SamplerPropertiesFollowCppAmp) {
  const sampler dflt;
  EXPECT_EQ(dflt.get_filter_mode(), filter_linear);
  EXPECT_EQ(dflt.get_address_mode(), address_clamp);
  EXPECT_TRUE(has_normalized_coordinates(dflt));
  const sampler s(filter_point, address_border, float_4(0.f));
  EXPECT_EQ(s.get_filter_mode(), filter_point);
  EXPECT_EQ(s.get_address_mode(), address_border);
  EXPECT_EQ(s.get_border_color(), float_4(0.f));
  EXPECT_EQ(sampler(address_wrap).get_filter_mode(), filter_linear);
  EXPECT_EQ(sampler(filter_point).get_address_mode(), address_clamp);
}
