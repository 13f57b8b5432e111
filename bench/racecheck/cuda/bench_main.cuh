// The host side both CUDA programs share: arguments, device buffers, the timed
// launches and the report. A program defines its kernel's launch, inputs and host
// reference check, and calls run_bench().
//
//   ./sgemm_tiled N [REPEAT [WARMUP]]     (REPEAT defaults to $REPEAT, else 5; WARMUP to 1)
//
// Prints, on stdout:
//   cuda-kernel: NAME n N grid GXxGY block BXxBY
//   cuda-check: ok|FAILED ...          (against a double-precision host reference)
//   cuda-kernel-ms: MEDIAN             (cudaEvent time of one launch, median of REPEAT)
//   cuda-kernel-ms-mean: MEAN
//   cuda-wall-ms: MEDIAN               (host time of launch + cudaDeviceSynchronize, median)
// and exits 1 when the check fails, 2 on a CUDA error or bad arguments.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#define CUDA_CHECK(call)                                                 \
  do {                                                                   \
    const cudaError_t err_ = (call);                                     \
    if (err_ != cudaSuccess) {                                           \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, \
                   cudaGetErrorString(err_));                            \
      std::exit(2);                                                      \
    }                                                                    \
  } while (0)

// The inputs make_sims.sh gives the OpenCL kernels: `range=0:1:n*n-1` (element i
// is i) and `fill=V`.
inline std::vector<float> range_floats(std::size_t count) {
  std::vector<float> v(count);
  for (std::size_t i = 0; i < count; ++i) v[i] = static_cast<float>(i);
  return v;
}

// Recursive summation of m float terms (FMA or not) is within (m + 2) * 2^-24 of
// the sum of the terms' magnitudes (Higham's gamma_m, plus the last rounding):
// the tolerance every element is checked with.
inline double summation_tolerance(int terms, double magnitude) {
  return (terms + 2) * std::ldexp(1.0, -24) * magnitude;
}

struct check_result {
  std::size_t checked = 0, wrong = 0;
  double worst_relative = 0;  // |got - want| / tolerance, at most 1 when right
  std::string first_wrong;
  void add(std::size_t index, double got, double want, double tolerance) {
    ++checked;
    const double off = std::fabs(got - want);
    const double relative = tolerance > 0 ? off / tolerance : (off > 0 ? INFINITY : 0);
    worst_relative = std::max(worst_relative, relative);
    if (!(off <= tolerance)) {
      if (!wrong++) {
        char b[160];
        std::snprintf(b, sizeof b, "element %zu: %.9g, expected %.9g (tolerance %.3g)", index, got,
                      want, tolerance);
        first_wrong = b;
      }
    }
  }
};

inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// Parses N [REPEAT [WARMUP]]; N must be a positive multiple of `multiple`.
inline void parse_args(int argc, char** argv, int multiple, int& n, int& repeat, int& warmup) {
  const char* env = std::getenv("REPEAT");
  n = argc > 1 ? std::atoi(argv[1]) : 0;
  repeat = argc > 2 ? std::atoi(argv[2]) : env && *env ? std::atoi(env) : 5;
  warmup = argc > 3 ? std::atoi(argv[3]) : 1;
  if (n <= 0 || n % multiple != 0 || repeat < 1 || warmup < 0) {
    std::fprintf(stderr, "usage: %s N [REPEAT [WARMUP]]  (N a positive multiple of %d)\n", argv[0],
                 multiple);
    std::exit(2);
  }
}

// Launches `launch` WARMUP times untimed, then REPEAT times timed, and prints the
// report; `check` compares the outputs (downloaded by it) with the reference.
template <class Launch, class Check>
int run_bench(const char* name, int n, int repeat, int warmup, dim3 grid, dim3 block, Launch launch,
              Check check) {
  std::printf("cuda-kernel: %s n %d grid %ux%u block %ux%u\n", name, n, grid.x, grid.y, block.x,
              block.y);
  // Loads the module now (CUDA loads it lazily, at the first launch otherwise,
  // inside the first timed interval when WARMUP is 0).
  cudaFuncAttributes attributes;
  launch(&attributes);
  for (int i = 0; i < warmup; ++i) launch(nullptr);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  std::vector<double> kernel_ms, wall_ms;
  for (int i = 0; i < repeat; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    CUDA_CHECK(cudaEventRecord(start));
    launch(nullptr);
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventSynchronize(stop));
    CUDA_CHECK(cudaDeviceSynchronize());
    wall_ms.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    kernel_ms.push_back(ms);
  }
  const check_result r = check();
  if (r.wrong)
    std::printf("cuda-check: FAILED, %zu of %zu checked elements wrong; first: %s\n", r.wrong,
                r.checked, r.first_wrong.c_str());
  else
    std::printf("cuda-check: ok, %zu elements checked, worst error %.3g of the tolerance\n",
                r.checked, r.worst_relative);
  double mean = 0;
  for (double t : kernel_ms) mean += t / kernel_ms.size();
  std::printf("cuda-kernel-ms: %.4f\ncuda-kernel-ms-mean: %.4f\ncuda-wall-ms: %.4f\n",
              median(kernel_ms), mean, median(wall_ms));
  std::printf("cuda-launches: %d timed after %d untimed\n", repeat, warmup);
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  return r.wrong ? 1 : 0;
}
