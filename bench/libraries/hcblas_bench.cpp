// Copyright the ampcl authors. Licensed under the Apache License, Version 2.0.
//
// Times MulticoreWare's hcBLAS sgemm (rocmarchive/hcBLAS at ab4bb4b9c0), compiled by
// ampcl-c++, on data already on the device (issue 30). Not built by CMake:
// scripts/bench_libraries.sh builds it with the validation harness's flags,
//   ampcl-c++ -O2 --hcc -DLINUX -I<hcBLAS>/lib/src/include hcblas_bench.cpp
//             <hcBLAS's lib/src/blas/*/*.cpp, compiled likewise> -o hcblas_bench
// and bench/libraries/cuda_baselines.cu times cublasSgemm the same way.
//
//   hcblas_bench [-r REPS] [N ...]      (default: -r 5, 1024 2048 4096)
//
// C = A * B, square N x N, column-major, no transposes, alpha 1, beta 0, through hcBLAS's
// concurrency::array overload (the one its sgemm test's type IV uses) on the default
// accelerator_view. One untimed call first (it builds the OpenCL programs), then REPS timed
// calls, each on the host's steady clock up to accelerator_view::wait(). 64 entries of C at
// random (i, j) are checked against a double-precision dot product on the host, relative
// tolerance 1e-3 (of max(|reference|, 1)); a wrong one prints FAIL and the program exits 1.
// Output: CSV lines library,op,n,ms_median and library,op_gflops,n,GFLOP/s.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <random>
#include <string>
#include <vector>

#include "hcblas.h"

namespace {

using clock_type = std::chrono::steady_clock;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

std::string narrow(const std::wstring& w) {
  std::string s;
  for (wchar_t c : w) s += (c >= 32 && c < 127) ? static_cast<char>(c) : '?';
  return s;
}

}  // namespace

int run(int argc, char** argv) {
  int reps = 5;
  std::vector<int> sizes;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "-r" && i + 1 < argc)
      reps = std::atoi(argv[++i]);
    else
      sizes.push_back(std::atoi(a.c_str()));
  }
  if (sizes.empty()) sizes = {1024, 2048, 4096};
  if (reps < 1) reps = 1;

  Concurrency::accelerator acc;
  Concurrency::accelerator_view av = acc.get_default_view();
  std::fprintf(stderr, "hcblas_bench: %s, %d repetitions, median\n",
               narrow(acc.get_description()).c_str(), reps);
  std::printf("library,op,n,ms_median\n");
  Hcblaslibrary hc;
  std::mt19937 rng(30);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  int failures = 0;
  for (int n : sizes) {
    const std::size_t nn = std::size_t(n) * n;
    std::vector<float> ha(nn), hb(nn), hc_out(nn);
    for (auto& x : ha) x = dist(rng);
    for (auto& x : hb) x = dist(rng);
    Concurrency::array<float, 1> A(static_cast<int>(nn), ha.begin(), ha.end(), av);
    Concurrency::array<float, 1> B(static_cast<int>(nn), hb.begin(), hb.end(), av);
    Concurrency::array<float, 1> C(static_cast<int>(nn), av);
    const float alpha = 1.0f, beta = 0.0f;
    std::vector<double> t;
    bool bad_status = false;
    for (int r = -1; r < reps; ++r) {  // r == -1: the warm-up
      const auto t0 = clock_type::now();
      const hcblasStatus st = hc.hcblas_sgemm(av, ColMajor, NoTrans, NoTrans, n, n, n, alpha, A, n,
                                              B, n, beta, C, n, 0, 0, 0);
      av.wait();
      const double ms = std::chrono::duration<double, std::milli>(clock_type::now() - t0).count();
      if (st != HCBLAS_SUCCESS) bad_status = true;
      if (r >= 0) t.push_back(ms);
    }
    if (bad_status) {
      std::printf("FAIL,hcblas,sgemm,%d,hcblas_sgemm returned an error\n", n);
      ++failures;
      continue;
    }
    Concurrency::copy(C, hc_out.begin());
    std::uniform_int_distribution<int> pick(0, n - 1);
    int wrong = 0;
    for (int s = 0; s < 64; ++s) {
      const int i = pick(rng), j = pick(rng);
      double ref = 0;
      for (int k = 0; k < n; ++k)
        ref += double(ha[i + std::size_t(k) * n]) * hb[k + std::size_t(j) * n];
      const double got = hc_out[i + std::size_t(j) * n];
      if (!(std::fabs(got - ref) <= 1e-3 * std::max(std::fabs(ref), 1.0))) {
        if (wrong++ == 0)
          std::printf("FAIL,hcblas,sgemm,%d,C(%d,%d) = %.6g, expected %.6g\n", n, i, j, got, ref);
      }
    }
    if (wrong) {
      std::printf("FAIL,hcblas,sgemm,%d,%d of 64 sampled entries wrong\n", n, wrong);
      ++failures;
      continue;
    }
    const double ms = median(t);
    std::printf("hcblas,sgemm,%d,%.4f\n", n, ms);
    std::printf("hcblas,sgemm_gflops,%d,%.1f\n", n, 2.0 * n * double(n) * n / (ms * 1e6));
    std::fflush(stdout);
  }
  return failures ? 1 : 0;
}

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::string what = e.what();  // one CSV line: a build log's line breaks become '|'
    for (char& c : what)
      if (c == '\n' || c == '\r') c = '|';
    std::printf("FAIL,hcblas,sgemm,0,exception: %s\n", what.c_str());
    return 1;
  }
}
