// Copyright the ampcl authors. Licensed under the Apache License, Version 2.0.
//
// Times AMD Bolt's C++ AMP algorithms (HCC's Linux port, ROCm/hcc at cbd53a5ea0, Bolt/),
// compiled by ampcl-c++, on data already on the device (issue 30). Not built by CMake:
// scripts/bench_libraries.sh builds it with the validation harness's flags,
//   ampcl-c++ -O2 --hcc -DBOLT_AMP -DNOMINMAX -I<Bolt>/include -I<Bolt> bolt_bench.cpp
//             <Bolt's control.cpp, bolt.cpp, statisticalTimer.cpp objects> -o bolt_bench
// and bench/libraries/cuda_baselines.cu times the same operations with CUB and Thrust.
//
//   bolt_bench [-r REPS] [-o OPS] [-l LABEL] [LOG2N ...]
//   (default: -r 10 -o sort,scan,reduce -l bolt, 20 24; LABEL names the library in the CSV,
//   e.g. bolt_fixed for a build against the headers that bench/libraries/bolt_fixes.tsv fixes)
//
// Per size: bolt::amp::sort of N unsigned ints (radix sort), inclusive_scan of N ints,
// reduce (sum) of N ints, each on bolt::amp::device_vectors that wrap concurrency::arrays
// on the default accelerator_view (so no host transfer is timed). One untimed call first
// (it builds the OpenCL programs), then REPS timed calls, each timed on the host's steady
// clock up to accelerator_view::wait() (reduce returns its value to the host, which waits).
// Sort sorts in place, so each repetition first restores the unsorted keys with a
// device-side copy (concurrency::copy(array, array), a clEnqueueCopyBuffer), timed on its
// own: "sort" is the sort alone, "sort_restore_copy" the copy alone. Every result is checked
// against std::sort / std::partial_sum / std::accumulate; a wrong one prints FAIL and the
// program exits 1. Output: CSV lines library,op,n,ms_median.
#include <bolt/amp/control.h>
#include <bolt/amp/device_vector.h>
#include <bolt/amp/reduce.h>
#include <bolt/amp/scan.h>
#include <bolt/amp/sort.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <numeric>
#include <random>
#include <string>
#include <vector>

namespace {

using clock_type = std::chrono::steady_clock;

double ms_since(clock_type::time_point t0) {
  return std::chrono::duration<double, std::milli>(clock_type::now() - t0).count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

int failures = 0;
std::string label = "bolt";

void fail(const char* op, std::size_t n, const std::string& what) {
  std::printf("FAIL,%s,%s,%zu,%s\n", label.c_str(), op, n, what.c_str());
  std::fflush(stdout);
  ++failures;
}

void row(const char* op, std::size_t n, double ms) {
  std::printf("%s,%s,%zu,%.4f\n", label.c_str(), op, n, ms);
  std::fflush(stdout);
}

// One CSV line: an OpenCL build log's line breaks become '|'.
std::string one_line(std::string s) {
  for (char& c : s)
    if (c == '\n' || c == '\r') c = '|';
  return s;
}

std::string narrow(const std::wstring& w) {
  std::string s;
  for (wchar_t c : w) s += (c >= 32 && c < 127) ? static_cast<char>(c) : '?';
  return s;
}

template <class T>
std::vector<T> to_host(const concurrency::array<T, 1>& a) {
  std::vector<T> h(a.get_extent().size());
  concurrency::copy(a, h.begin());
  return h;
}

// Prints FAIL with the first wrong element and how many are wrong.
template <class T>
void first_difference(const char* op, const char* when, std::size_t n, const std::vector<T>& got,
                      const std::vector<T>& want) {
  std::size_t wrong = 0, first = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (got[i] != want[i] && wrong++ == 0) first = i;
  if (wrong)
    fail(op, n,
         std::string(when) + ": " + std::to_string(wrong) + " of " + std::to_string(n) +
             " elements wrong; first at index " + std::to_string(first) + ": got " +
             std::to_string(got[first]) + ", expected " + std::to_string(want[first]));
}

void bench_sort(concurrency::accelerator_view& av, std::size_t n, int reps, std::mt19937& rng) {
  std::vector<unsigned> keys(n);
  for (auto& k : keys) k = static_cast<unsigned>(rng());
  concurrency::array<unsigned, 1> pristine(static_cast<int>(n), keys.begin(), keys.end(), av);
  concurrency::array<unsigned, 1> work(static_cast<int>(n), av);
  bolt::amp::device_vector<unsigned> dv(work);
  std::vector<unsigned> want = keys;
  std::sort(want.begin(), want.end());

  std::vector<double> t_copy, t_sort, t_both;
  for (int r = -1; r < reps; ++r) {  // r == -1: the warm-up
    auto t0 = clock_type::now();
    concurrency::copy(pristine, work);
    av.wait();
    const double c = ms_since(t0);
    t0 = clock_type::now();
    bolt::amp::sort(dv.begin(), dv.end());
    av.wait();
    const double s = ms_since(t0);
    if (r == -1) {
      first_difference("sort", "warm-up", n, to_host(work), want);
      continue;
    }
    t_copy.push_back(c);
    t_sort.push_back(s);
    t_both.push_back(c + s);
  }
  first_difference("sort", "after the timed calls", n, to_host(work), want);
  row("sort", n, median(t_sort));
  row("sort_restore_copy", n, median(t_copy));
  row("sort_with_restore", n, median(t_both));
}

void bench_scan(concurrency::accelerator_view& av, std::size_t n, int reps, std::mt19937& rng) {
  std::vector<int> in(n);
  for (auto& x : in) x = static_cast<int>(rng() % 64);  // sums stay below 2^31 at N = 2^24
  concurrency::array<int, 1> ain(static_cast<int>(n), in.begin(), in.end(), av);
  concurrency::array<int, 1> aout(static_cast<int>(n), av);
  bolt::amp::device_vector<int> din(ain), dout(aout);
  std::vector<int> want(n);
  std::partial_sum(in.begin(), in.end(), want.begin());

  std::vector<double> t;
  for (int r = -1; r < reps; ++r) {
    if (r == 0) {  // the warm-up's result is checked; the timed ones write over a known-bad fill
      first_difference("inclusive_scan", "warm-up", n, to_host(aout), want);
      std::vector<int> junk(n, -1);
      concurrency::copy(junk.begin(), junk.end(), aout);
      av.wait();
    }
    const auto t0 = clock_type::now();
    bolt::amp::inclusive_scan(din.begin(), din.end(), dout.begin());
    av.wait();
    if (r >= 0) t.push_back(ms_since(t0));
  }
  first_difference("inclusive_scan", "after the timed calls", n, to_host(aout), want);
  row("inclusive_scan", n, median(t));
}

void bench_reduce(concurrency::accelerator_view& av, std::size_t n, int reps, std::mt19937& rng) {
  std::vector<int> in(n);
  for (auto& x : in) x = static_cast<int>(rng() % 64);
  concurrency::array<int, 1> ain(static_cast<int>(n), in.begin(), in.end(), av);
  bolt::amp::device_vector<int> din(ain);
  const long long want = std::accumulate(in.begin(), in.end(), 0LL);

  std::vector<double> t;
  for (int r = -1; r < reps; ++r) {
    const auto t0 = clock_type::now();
    const int got = bolt::amp::reduce(din.begin(), din.end());  // the value is on the host: done
    const double ms = ms_since(t0);
    if (got != want) {
      fail("reduce", n,
           std::string(r < 0 ? "warm-up" : "timed call") + ": got " + std::to_string(got) +
               ", expected " + std::to_string(want));
      return;
    }
    if (r >= 0) t.push_back(ms);
  }
  row("reduce", n, median(t));
}

}  // namespace

int main(int argc, char** argv) {
  int reps = 10;
  std::string ops = "sort,scan,reduce";
  std::vector<int> logs;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "-r" && i + 1 < argc)
      reps = std::atoi(argv[++i]);
    else if (a == "-o" && i + 1 < argc)
      ops = argv[++i];
    else if (a == "-l" && i + 1 < argc)
      label = argv[++i];
    else
      logs.push_back(std::atoi(a.c_str()));
  }
  ops = "," + ops + ",";
  auto want_op = [&](const char* op) {
    return ops.find(std::string(",") + op + ",") != std::string::npos;
  };
  if (logs.empty()) logs = {20, 24};
  if (reps < 1) reps = 1;

  std::printf("library,op,n,ms_median\n");
  try {  // (no device at all throws here)
    bolt::amp::control& ctl = bolt::amp::control::getDefault();
    // Bolt picks its serial CPU path when the accelerator's device path is "cpu"; this is
    // about the library's device kernels, whatever OpenCL device runs them.
    ctl.setForceRunMode(bolt::amp::control::Gpu);
    concurrency::accelerator_view av = ctl.getAccelerator().get_default_view();
    std::fprintf(stderr, "bolt_bench: %s (%s), %d repetitions, median\n",
                 narrow(ctl.getAccelerator().get_description()).c_str(),
                 narrow(ctl.getAccelerator().get_device_path()).c_str(), reps);
    std::mt19937 rng(30);
    for (int lg : logs) {
      const std::size_t n = std::size_t(1) << lg;
      // Each draws its data from rng whether it runs or not: every op sees the same data
      // (and cuda_baselines's) whichever ops are chosen.
      std::mt19937 sort_rng = rng;
      rng.discard(n);
      std::mt19937 scan_rng = rng;
      rng.discard(n);
      std::mt19937 reduce_rng = rng;
      rng.discard(n);
      // An exception (a kernel that does not build, a failed launch) fails that op at that
      // size; the others still run.
      auto guarded = [&](const char* op, auto bench) {
        try {
          bench();
        } catch (const std::exception& e) {
          fail(op, n, std::string("exception: ") + one_line(e.what()));
        }
      };
      if (want_op("sort")) guarded("sort", [&] { bench_sort(av, n, reps, sort_rng); });
      if (want_op("scan")) guarded("inclusive_scan", [&] { bench_scan(av, n, reps, scan_rng); });
      if (want_op("reduce")) guarded("reduce", [&] { bench_reduce(av, n, reps, reduce_rng); });
    }
  } catch (const std::exception& e) {
    std::printf("FAIL,%s,exception,0,%s\n", label.c_str(), one_line(e.what()).c_str());
    return 1;
  }
  return failures ? 1 : 0;
}
