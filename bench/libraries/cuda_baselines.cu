// Copyright the ampcl authors. Licensed under the Apache License, Version 2.0.
//
// CUDA's libraries on the operations that bench/libraries/bolt_bench.cpp and
// hcblas_bench.cpp time through ampcl-c++ (issue 30), with the same sizes, data, timing
// and checks. Not built by CMake; on a machine with CUDA:
//   nvcc -O3 -arch=sm_90 -o cuda_baselines bench/libraries/cuda_baselines.cu -lcublas
//   ./cuda_baselines [-r REPS] [-g GEMM_REPS] [-n LOG2N,...] [-m N,...]
//   (default: -r 10 -g 5 -n 20,24 -m 1024,2048,4096)
//
// Per N: sort of N unsigned ints with cub::DeviceRadixSort::SortKeys (out of place, its
// temporary storage allocated once) and with thrust::sort (in place, like bolt::amp::sort:
// each repetition first restores the unsorted keys with cudaMemcpy device to device, timed
// on its own as sort_restore_copy), cub::DeviceScan::InclusiveSum of N ints and
// cub::DeviceReduce::Sum of N ints, whose value is copied back to the host inside the timed
// interval (bolt::amp::reduce returns it to the host too). Then cublasSgemm, square N,
// column-major, no transposes, alpha 1, beta 0, FP32 (the default math mode: no TF32). One
// untimed call first, then the median of REPS calls, each timed on the host's steady clock
// up to cudaDeviceSynchronize(). The data are the ampcl programs' own (std::mt19937 seeded
// 30, drawn in the same order). Results are checked as there (std::sort, std::partial_sum,
// std::accumulate; 64 sampled entries of C against a double-precision dot product, relative
// tolerance 1e-3 of max(|reference|, 1)); a wrong one prints FAIL and the program exits 1.
// Output: CSV lines library,op,n,ms_median (and cublas,sgemm_gflops,n,GFLOP/s).
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <thrust/execution_policy.h>
#include <thrust/sort.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cub/cub.cuh>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

using clock_type = std::chrono::steady_clock;

#define CK(call)                                                                         \
  do {                                                                                   \
    cudaError_t e_ = (call);                                                             \
    if (e_ != cudaSuccess) {                                                             \
      std::printf("FAIL,cuda,error,0,%s: %s (line %d)\n", #call, cudaGetErrorString(e_), \
                  __LINE__);                                                             \
      std::exit(1);                                                                      \
    }                                                                                    \
  } while (0)

#define CKB(call)                                                                             \
  do {                                                                                        \
    cublasStatus_t s_ = (call);                                                               \
    if (s_ != CUBLAS_STATUS_SUCCESS) {                                                        \
      std::printf("FAIL,cublas,error,0,%s: status %d (line %d)\n", #call, int(s_), __LINE__); \
      std::exit(1);                                                                           \
    }                                                                                         \
  } while (0)

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// Times f() up to cudaDeviceSynchronize(), in ms.
template <class F>
double timed(F f) {
  const auto t0 = clock_type::now();
  f();
  CK(cudaDeviceSynchronize());
  return std::chrono::duration<double, std::milli>(clock_type::now() - t0).count();
}

int failures = 0;

void row(const char* lib, const char* op, std::size_t n, double v,
         const char* fmt = "%s,%s,%zu,%.4f\n") {
  std::printf(fmt, lib, op, n, v);
  std::fflush(stdout);
}

template <class T>
bool same(const char* lib, const char* op, std::size_t n, const T* dev,
          const std::vector<T>& want) {
  std::vector<T> got(n);
  CK(cudaMemcpy(got.data(), dev, n * sizeof(T), cudaMemcpyDeviceToHost));
  for (std::size_t i = 0; i < n; ++i)
    if (got[i] != want[i]) {
      std::printf("FAIL,%s,%s,%zu,index %zu: got %lld, expected %lld\n", lib, op, n, i,
                  (long long)got[i], (long long)want[i]);
      ++failures;
      return false;
    }
  return true;
}

std::vector<int> parse_list(const char* s) {
  std::vector<int> v;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ',')) v.push_back(std::atoi(item.c_str()));
  return v;
}

void bench_sort(std::size_t n, int reps, std::mt19937& rng) {
  std::vector<unsigned> keys(n);
  for (auto& k : keys) k = static_cast<unsigned>(rng());
  std::vector<unsigned> want = keys;
  std::sort(want.begin(), want.end());
  unsigned *pristine, *work;
  CK(cudaMalloc(&pristine, n * sizeof(unsigned)));
  CK(cudaMalloc(&work, n * sizeof(unsigned)));
  CK(cudaMemcpy(pristine, keys.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));

  // CUB, out of place: the input stays unsorted.
  std::size_t temp_bytes = 0;
  CK(cub::DeviceRadixSort::SortKeys(nullptr, temp_bytes, pristine, work, static_cast<int>(n)));
  void* temp;
  CK(cudaMalloc(&temp, temp_bytes));
  std::vector<double> t;
  for (int r = -1; r < reps; ++r) {
    const double ms = timed([&] {
      CK(cub::DeviceRadixSort::SortKeys(temp, temp_bytes, pristine, work, static_cast<int>(n)));
    });
    if (r >= 0) t.push_back(ms);
  }
  if (same("cub", "sort", n, work, want)) row("cub", "sort", n, median(t));
  CK(cudaFree(temp));

  // Thrust, in place: restore, then sort.
  std::vector<double> tc, ts, tb;
  for (int r = -1; r < reps; ++r) {
    const double c = timed(
        [&] { CK(cudaMemcpy(work, pristine, n * sizeof(unsigned), cudaMemcpyDeviceToDevice)); });
    const double s = timed([&] { thrust::sort(thrust::device, work, work + n); });
    if (r < 0) continue;
    tc.push_back(c);
    ts.push_back(s);
    tb.push_back(c + s);
  }
  if (same("thrust", "sort", n, work, want)) {
    row("thrust", "sort", n, median(ts));
    row("cuda", "sort_restore_copy", n, median(tc));
    row("thrust", "sort_with_restore", n, median(tb));
  }
  CK(cudaFree(pristine));
  CK(cudaFree(work));
}

void bench_scan(std::size_t n, int reps, std::mt19937& rng) {
  std::vector<int> in(n);
  for (auto& x : in) x = static_cast<int>(rng() % 64);
  std::vector<int> want(n);
  std::partial_sum(in.begin(), in.end(), want.begin());
  int *din, *dout;
  CK(cudaMalloc(&din, n * sizeof(int)));
  CK(cudaMalloc(&dout, n * sizeof(int)));
  CK(cudaMemcpy(din, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  std::size_t temp_bytes = 0;
  CK(cub::DeviceScan::InclusiveSum(nullptr, temp_bytes, din, dout, static_cast<int>(n)));
  void* temp;
  CK(cudaMalloc(&temp, temp_bytes));
  std::vector<double> t;
  for (int r = -1; r < reps; ++r) {
    if (r == 0) {  // the warm-up's result is checked; the timed ones write over a known-bad fill
      if (!same("cub", "inclusive_scan(warm-up)", n, dout, want)) return;
      CK(cudaMemset(dout, 0xff, n * sizeof(int)));
    }
    const double ms = timed([&] {
      CK(cub::DeviceScan::InclusiveSum(temp, temp_bytes, din, dout, static_cast<int>(n)));
    });
    if (r >= 0) t.push_back(ms);
  }
  if (same("cub", "inclusive_scan", n, dout, want)) row("cub", "inclusive_scan", n, median(t));
  CK(cudaFree(temp));
  CK(cudaFree(din));
  CK(cudaFree(dout));
}

void bench_reduce(std::size_t n, int reps, std::mt19937& rng) {
  std::vector<int> in(n);
  for (auto& x : in) x = static_cast<int>(rng() % 64);
  const long long want = std::accumulate(in.begin(), in.end(), 0LL);
  int *din, *dsum;
  CK(cudaMalloc(&din, n * sizeof(int)));
  CK(cudaMalloc(&dsum, sizeof(int)));
  CK(cudaMemcpy(din, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  std::size_t temp_bytes = 0;
  CK(cub::DeviceReduce::Sum(nullptr, temp_bytes, din, dsum, static_cast<int>(n)));
  void* temp;
  CK(cudaMalloc(&temp, temp_bytes));
  std::vector<double> t;
  bool ok = true;
  for (int r = -1; r < reps; ++r) {
    int got = -1;
    const double ms = timed([&] {
      CK(cub::DeviceReduce::Sum(temp, temp_bytes, din, dsum, static_cast<int>(n)));
      CK(cudaMemcpy(&got, dsum, sizeof(int), cudaMemcpyDeviceToHost));
    });
    if (got != want) {
      std::printf("FAIL,cub,reduce,%zu,got %d, expected %lld\n", n, got, want);
      ++failures;
      ok = false;
      break;
    }
    if (r >= 0) t.push_back(ms);
  }
  if (ok) row("cub", "reduce", n, median(t));
  CK(cudaFree(temp));
  CK(cudaFree(din));
  CK(cudaFree(dsum));
}

void bench_sgemm(cublasHandle_t h, int n, int reps, std::mt19937& rng) {
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  const std::size_t nn = std::size_t(n) * n;
  std::vector<float> ha(nn), hb(nn), hc(nn);
  for (auto& x : ha) x = dist(rng);
  for (auto& x : hb) x = dist(rng);
  float *A, *B, *C;
  CK(cudaMalloc(&A, nn * sizeof(float)));
  CK(cudaMalloc(&B, nn * sizeof(float)));
  CK(cudaMalloc(&C, nn * sizeof(float)));
  CK(cudaMemcpy(A, ha.data(), nn * sizeof(float), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(B, hb.data(), nn * sizeof(float), cudaMemcpyHostToDevice));
  const float alpha = 1.0f, beta = 0.0f;
  std::vector<double> t;
  for (int r = -1; r < reps; ++r) {
    const double ms = timed([&] {
      CKB(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha, A, n, B, n, &beta, C, n));
    });
    if (r >= 0) t.push_back(ms);
  }
  CK(cudaMemcpy(hc.data(), C, nn * sizeof(float), cudaMemcpyDeviceToHost));
  std::uniform_int_distribution<int> pick(0, n - 1);
  int wrong = 0;
  for (int s = 0; s < 64; ++s) {
    const int i = pick(rng), j = pick(rng);
    double ref = 0;
    for (int k = 0; k < n; ++k)
      ref += double(ha[i + std::size_t(k) * n]) * hb[k + std::size_t(j) * n];
    const double got = hc[i + std::size_t(j) * n];
    if (!(std::fabs(got - ref) <= 1e-3 * std::max(std::fabs(ref), 1.0)) && wrong++ == 0)
      std::printf("FAIL,cublas,sgemm,%d,C(%d,%d) = %.6g, expected %.6g\n", n, i, j, got, ref);
  }
  if (wrong) {
    std::printf("FAIL,cublas,sgemm,%d,%d of 64 sampled entries wrong\n", n, wrong);
    ++failures;
  } else {
    const double ms = median(t);
    row("cublas", "sgemm", n, ms);
    row("cublas", "sgemm_gflops", n, 2.0 * n * double(n) * n / (ms * 1e6), "%s,%s,%zu,%.1f\n");
  }
  CK(cudaFree(A));
  CK(cudaFree(B));
  CK(cudaFree(C));
}

}  // namespace

int main(int argc, char** argv) {
  int reps = 10, gemm_reps = 5;
  std::vector<int> logs = {20, 24}, gemms = {1024, 2048, 4096};
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "-r")
      reps = std::atoi(argv[i + 1]);
    else if (a == "-g")
      gemm_reps = std::atoi(argv[i + 1]);
    else if (a == "-n")
      logs = parse_list(argv[i + 1]);
    else if (a == "-m")
      gemms = parse_list(argv[i + 1]);
  }
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  std::fprintf(stderr, "cuda_baselines: %s, CUDA runtime %d, %d/%d repetitions, median\n",
               prop.name, CUDART_VERSION, reps, gemm_reps);
  std::printf("library,op,n,ms_median\n");
  std::mt19937 rng(30);  // bolt_bench's sequence
  for (int lg : logs) {
    const std::size_t n = std::size_t(1) << lg;
    bench_sort(n, reps, rng);
    bench_scan(n, reps, rng);
    bench_reduce(n, reps, rng);
  }
  cublasHandle_t h;
  CKB(cublasCreate(&h));
  std::mt19937 grng(30);  // hcblas_bench's sequence
  for (int n : gemms) bench_sgemm(h, n, gemm_reps, grng);
  CKB(cublasDestroy(h));
  return failures ? 1 : 0;
}
