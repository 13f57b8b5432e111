#include <gtest/gtest.h>

#include <ampcl/gemm.hpp>
#include <cmath>
#include <cstdlib>
#include <string>

#include "algo_test_support.hpp"

using namespace ampcl;
using ampcl_test::poisoned;
using ampcl_test::random_floats;

namespace {

// C = alpha * A * B + beta * C0 against a float64 reference; lda etc. are row strides.
void check_gemm(int M, int N, int K, float alpha, float beta, const gemm_params* params) {
  auto a = random_floats(M * K, M * 3 + K), b = random_floats(K * N, N * 5 + K);
  auto c0 = random_floats(M * N, M + N);
  std::vector<float> c = beta != 0.0f ? c0 : poisoned(M * N);
  array_view<const float, 2> va(M, K, a), vb(K, N, b);
  array_view<float, 2> vc(M, N, c);
  gemm(accelerator().get_default_view(), va, vb, vc, alpha, beta, params);
  vc.synchronize();
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double s = 0;
      for (int k = 0; k < K; ++k) s += double(a[i * K + k]) * b[k * N + j];
      const double want = alpha * s + (beta != 0.0f ? beta * double(c0[i * N + j]) : 0.0);
      ASSERT_NEAR(c[i * N + j], want, 1e-4 * K)
          << M << "x" << N << "x" << K << " at " << i << "," << j;
    }
}

}  // namespace

TEST(AlgoGemm, DevicePresetAlignedAndEdges) {
  check_gemm(128, 128, 64, 1.0f, 0.0f, nullptr);
  check_gemm(100, 68, 36, 0.5f, 2.0f, nullptr);  // EDGES: partial blocks
  check_gemm(33, 17, 9, 1.0f, 0.0f, nullptr);    // unaligned: gemm_simple
}

TEST(AlgoGemm, HopperShapedParametersOnSmallMatrices) {
  // The GPU table's 128x128x16 / 8x8 tiles, exercised here on whatever device runs the tests.
  const gemm_params hopper{128, 128, 16, 8, 8, 4};
  ASSERT_TRUE(hopper.valid());
  check_gemm(256, 128, 48, 1.0f, 0.0f, &hopper);
  check_gemm(130, 132, 20, 1.0f, 1.0f, &hopper);
  // Warp-patch remapping (WX = 8), as the GPU table uses it.
  const gemm_params remap{128, 128, 16, 8, 8, 4, 8};
  ASSERT_TRUE(remap.valid());
  check_gemm(256, 256, 64, 1.0f, 0.0f, &remap);
  check_gemm(130, 132, 20, 0.5f, 1.0f, &remap);
  // BK = 32 within NVIDIA's 48 KiB of tile_static memory (2 x 32 x (36 + 128) floats).
  const gemm_params deep{32, 128, 32, 4, 4, 4};
  ASSERT_TRUE(deep.valid());
  check_gemm(64, 128, 64, 1.0f, 0.0f, &deep);
}

TEST(AlgoGemm, SectionsAsOperands) {
  const int M = 64, N = 64, K = 32;
  auto a = random_floats(M * (K + 4), 1), b = random_floats(K * N, 2);
  auto c = poisoned(M * (N + 8));
  array_view<const float, 2> va(M, K + 4, a), vb(K, N, b);
  array_view<float, 2> vc(M, N + 8, c);
  gemm(va.section(0, 4, M, K), vb, vc.section(0, 8, M, N));
  vc.synchronize();
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double s = 0;
      for (int k = 0; k < K; ++k) s += double(a[i * (K + 4) + 4 + k]) * b[k * N + j];
      ASSERT_NEAR(c[i * (N + 8) + 8 + j], s, 1e-3);
    }
  EXPECT_EQ(c[0], ampcl_test::poison_float);
}

// A tiling from the environment replaces the table; one that is not a tiling is
// an error that names the variable, never a silent fall back.
TEST(AlgoGemm, EnvironmentTilingIsUsedOrRefusedByName) {
  const char* old = std::getenv("AMPCL_GEMM_PARAMS");
  const std::string saved = old ? old : "";
  const accelerator_view view = accelerator().get_default_view();
  setenv("AMPCL_GEMM_PARAMS", "32,128,32,4,4", 1);
  std::string source;
  const gemm_params p = gemm_parameters(view, &source);
  EXPECT_EQ(source, "AMPCL_GEMM_PARAMS");
  EXPECT_EQ(p.to_string(), "32,128,32,4,4");
  for (const char* bad : {"128,128", "128,128,16,6,8", "fast"}) {
    setenv("AMPCL_GEMM_PARAMS", bad, 1);
    try {
      gemm_parameters(view);
      ADD_FAILURE() << bad << " was accepted";
    } catch (const runtime_exception& e) {
      EXPECT_NE(std::string(e.what()).find("AMPCL_GEMM_PARAMS='" + std::string(bad) + "'"),
                std::string::npos)
          << e.what();
    }
  }
  if (old)
    setenv("AMPCL_GEMM_PARAMS", saved.c_str(), 1);
  else
    unsetenv("AMPCL_GEMM_PARAMS");
}
