// ampcl-c++'s translated kernels against the same algorithms written by hand in
// OpenCL C with ampcl's prelude (examples/kernels/), in one process, on one device,
// timed in alternating batches so drift cannot decide the ratio. Both sides read
// and write device-resident arrays, so only the kernels are timed.
//
//   ampcl-bench-amp [--size-scale S] [--rounds R]      (ratio = translated / hand-written)
//
// The three are the documents' algorithms: SamplingExample's tile average,
// MultiplyWithTiling, and one pass of a tiled sum.
#include <amp.h>

#include <ampcl/ampcl.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#ifndef AMPCL_EXAMPLE_KERNELS
#define AMPCL_EXAMPLE_KERNELS "examples/kernels"
#endif

namespace amp = Concurrency;

namespace {

constexpr int sample = 16;  // SamplingExample's SAMPLESIZE, the tile size
constexpr int ts = 16;      // MultiplyWithTiling's TS
constexpr int reduce_tile = 256;

// ---- the C++ AMP versions, as the documents write them ----

void tile_average(const amp::array<float, 2>& matrix, amp::array<float, 2>& averages) {
  amp::parallel_for_each(matrix.extent.tile<sample, sample>(),
                         [=, &matrix, &averages](amp::tiled_index<sample, sample> t_idx) restrict(amp) {
    tile_static float tileValues[sample][sample];
    tileValues[t_idx.local[0]][t_idx.local[1]] = matrix[t_idx];
    t_idx.barrier.wait();
    if (t_idx.local[0] == 0 && t_idx.local[1] == 0) {
      for (int trow = 0; trow < sample; trow++)
        for (int tcol = 0; tcol < sample; tcol++)
          averages(t_idx.tile[0], t_idx.tile[1]) += tileValues[trow][tcol];
      averages(t_idx.tile[0], t_idx.tile[1]) /= (float)(sample * sample);
    }
  });
}

void multiply_tiled(const amp::array<float, 2>& a, const amp::array<float, 2>& b,
                    amp::array<float, 2>& product) {
  amp::parallel_for_each(product.extent.tile<ts, ts>(),
                         [=, &a, &b, &product](amp::tiled_index<ts, ts> t_idx) restrict(amp) {
    int row = t_idx.local[0];
    int col = t_idx.local[1];
    tile_static float locA[ts][ts];
    tile_static float locB[ts][ts];
    float sum = 0.0f;
    for (int i = 0; i < a.extent[1]; i += ts) {
      locA[row][col] = a(t_idx.global[0], col + i);
      locB[row][col] = b(row + i, t_idx.global[1]);
      t_idx.barrier.wait_with_tile_static_memory_fence();
      for (int k = 0; k < ts; k++) sum += locA[row][k] * locB[k][col];
      t_idx.barrier.wait_with_tile_static_memory_fence();
    }
    product[t_idx.global] = sum;
  });
}

void sum_tiles(const amp::array<float, 1>& in, amp::array<float, 1>& partial) {
  amp::parallel_for_each(in.extent.tile<reduce_tile>(),
                         [=, &in, &partial](amp::tiled_index<reduce_tile> t_idx) restrict(amp) {
    const int lid = t_idx.local[0];
    tile_static float sums[reduce_tile];
    sums[lid] = in[t_idx.global];
    t_idx.barrier.wait_with_tile_static_memory_fence();
    for (int stride = reduce_tile / 2; stride > 0; stride /= 2) {
      if (lid < stride) sums[lid] += sums[lid + stride];
      t_idx.barrier.wait_with_tile_static_memory_fence();
    }
    if (lid == 0) partial[t_idx.tile[0]] = sums[0];
  });
}

// ---- timing ----

double seconds(const std::function<void()>& batch, const std::function<void()>& wait) {
  const auto t0 = std::chrono::steady_clock::now();
  batch();
  wait();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

struct pair_result {
  double translated, handwritten;
};

// Alternating batches; the median of each side's per-launch time.
pair_result race(const std::function<void()>& translated, const std::function<void()>& handwritten,
                 const std::function<void()>& wait, int launches, int rounds) {
  std::vector<double> t, h;
  translated();
  handwritten();
  wait();
  for (int r = 0; r < rounds; ++r) {
    t.push_back(seconds([&] { for (int i = 0; i < launches; ++i) translated(); }, wait) / launches);
    h.push_back(seconds([&] { for (int i = 0; i < launches; ++i) handwritten(); }, wait) / launches);
  }
  std::sort(t.begin(), t.end());
  std::sort(h.begin(), h.end());
  return {t[t.size() / 2], h[h.size() / 2]};
}

std::vector<float> pseudo_random(std::size_t n, unsigned seed) {
  std::vector<float> v(n);
  for (auto& x : v) {
    seed = seed * 1664525u + 1013904223u;
    x = static_cast<float>(seed >> 8) / static_cast<float>(1 << 24);
  }
  return v;
}

int failures = 0;
void expect_close(const char* what, const std::vector<float>& got, const std::vector<float>& want,
                  float tol) {
  for (std::size_t i = 0; i < want.size(); ++i)
    if (!(std::fabs(got[i] - want[i]) <= tol * std::max(1.0f, std::fabs(want[i])))) {
      std::printf("%s: element %zu is %g, the hand-written kernel gives %g\n", what, i, got[i], want[i]);
      ++failures;
      return;
    }
}

void row(const char* name, const char* size, const pair_result& r) {
  std::printf("| %s | %s | %.4f | %.4f | %.3f |\n", name, size, r.translated * 1e3,
              r.handwritten * 1e3, r.translated / r.handwritten);
}

}  // namespace

int main(int argc, char** argv) {
  int scale = 1, rounds = 9;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::string(argv[i]) == "--size-scale") scale = std::atoi(argv[i + 1]);
    if (std::string(argv[i]) == "--rounds") rounds = std::atoi(argv[i + 1]);
  }
  const std::string kernels = std::string(AMPCL_EXAMPLE_KERNELS) + "/";
  ampcl::accelerator_view view = ampcl::accelerator().get_default_view();
  const amp::accelerator_view amp_view = amp::accelerator().get_default_view();
  auto wait = [&] {
    view.wait();
    amp_view.wait();
  };
  std::printf("device: %s\n\n", ampcl::accelerator().get_device_name().c_str());
  std::printf("| kernel | size | translated ms | hand-written ms | ratio |\n|---|---|---|---|---|\n");

  {  // SamplingExample's tile average
    const int n = 1024 * scale;
    const std::vector<float> host = pseudo_random(std::size_t(n) * n, 1);
    amp::array<float, 2> matrix(n, n, host.begin(), host.end());
    amp::array<float, 2> averages(n / sample, n / sample);
    ampcl::array<float, 2> h_matrix(ampcl::extent<2>(n, n), host.begin(), host.end());
    ampcl::array<float, 2> h_averages(ampcl::extent<2>(n / sample, n / sample));
    const ampcl::kernel k = ampcl::kernel::from_file(kernels + "sampling_example.cl", "sampling_average")
                                .define("SAMPLESIZE", sample);
    auto translated = [&] { tile_average(matrix, averages); };
    auto handwritten = [&] {
      ampcl::parallel_for_each(h_matrix.get_extent().tile<sample, sample>(), k, h_matrix, h_averages);
    };
    // The averages accumulate with +=: compare one launch of each from zero.
    std::vector<float> zero(std::size_t(n / sample) * (n / sample), 0.0f);
    amp::copy(zero.begin(), averages);
    ampcl::copy(zero.begin(), h_averages);
    translated();
    handwritten();
    expect_close("tile average", averages, static_cast<std::vector<float>>(h_averages), 1e-5f);
    row("tile average (SamplingExample, 16 x 16 tiles)", (std::to_string(n) + "^2").c_str(),
        race(translated, handwritten, wait, 20, rounds));
  }
  {  // MultiplyWithTiling
    const int n = 512 * scale;
    const std::vector<float> ha = pseudo_random(std::size_t(n) * n, 2), hb = pseudo_random(std::size_t(n) * n, 3);
    amp::array<float, 2> a(n, n, ha.begin(), ha.end()), b(n, n, hb.begin(), hb.end()), c(n, n);
    ampcl::array<float, 2> a2(ampcl::extent<2>(n, n), ha.begin(), ha.end());
    ampcl::array<float, 2> b2(ampcl::extent<2>(n, n), hb.begin(), hb.end());
    ampcl::array<float, 2> c2(ampcl::extent<2>(n, n));
    const ampcl::kernel k = ampcl::kernel::from_file(kernels + "matrix_multiply.cl", "multiply_tiled");
    auto translated = [&] { multiply_tiled(a, b, c); };
    auto handwritten = [&] { ampcl::parallel_for_each(c2.get_extent().tile<ts, ts>(), k, a2, b2, c2); };
    translated();
    handwritten();
    expect_close("matrix multiply", c, static_cast<std::vector<float>>(c2), 1e-5f);
    row("matrix multiply (MultiplyWithTiling, 16 x 16)", (std::to_string(n) + "^2").c_str(),
        race(translated, handwritten, wait, 5, rounds));
  }
  {  // one pass of a tiled sum
    const int n = (1 << 22) * scale;
    const std::vector<float> host = pseudo_random(std::size_t(n), 4);
    amp::array<float, 1> in(n, host.begin(), host.end()), partial(n / reduce_tile);
    ampcl::array<float, 1> in2(ampcl::extent<1>(n), host.begin(), host.end());
    ampcl::array<float, 1> partial2(ampcl::extent<1>(n / reduce_tile));
    const ampcl::kernel k = ampcl::kernel::from_file(kernels + "reduction.cl", "sum_tiles");
    auto translated = [&] { sum_tiles(in, partial); };
    auto handwritten = [&] {
      ampcl::parallel_for_each(in2.get_extent().tile<reduce_tile>(), k, in2, partial2);
    };
    translated();
    handwritten();
    expect_close("reduction", partial, static_cast<std::vector<float>>(partial2), 1e-5f);
    row("reduction pass (256 per tile)", std::to_string(n).c_str(), race(translated, handwritten, wait, 20, rounds));
  }
  if (failures) std::printf("\n%d results differ from the hand-written kernels'\n", failures);
  return failures ? 1 : 0;
}
