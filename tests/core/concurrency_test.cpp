// Eight host threads at once: launches, copies and program builds on one shared
// accelerator_view and on views of their own give correct results, and the program
// cache builds each program once however many threads ask for it together.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "test_support.hpp"

using namespace ampcl;
using ampcl_test::kernel_path;

namespace {

constexpr int threads = 8;

// Runs body(t) on `threads` threads released together; returns the failures.
std::vector<std::string> run_together(const std::function<void(int)>& body) {
  std::atomic<int> ready{0};
  std::vector<std::string> failures(threads);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      ++ready;
      while (ready.load() < threads) std::this_thread::yield();
      try {
        body(t);
      } catch (const std::exception& e) {
        failures[t] = "thread " + std::to_string(t) + ": " + e.what();
      }
    });
  for (auto& th : pool) th.join();
  std::vector<std::string> out;
  for (auto& f : failures)
    if (!f.empty()) out.push_back(f);
  return out;
}

// Source text no other process or test has built: neither the in-memory nor the
// disk cache can hold it, so the build counter sees every compile.
std::string unique_source(const std::string& tag) {
  static const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
  return "#include <ampcl.clh>\n// " + tag + " " + std::to_string(::getpid()) + " " +
         std::to_string(stamp) +
         "\n__kernel void add_k(AMPCL_VIEW(int, x), int v) {\n"
         "  index1 idx = amp_index1();\n"
         "  AV1_AT(x, idx.v) += v;\n"
         "}\n";
}

accelerator_view view_for_thread(int t) {
  // Even threads share the default view, odd ones have their own.
  return t % 2 == 0 ? accelerator().get_default_view() : accelerator().create_view();
}

}  // namespace

TEST(Concurrency, EachProgramIsBuiltOnceUnderContention) {
  const std::string sources[2] = {unique_source("first"), unique_source("second")};
  const auto built = get_statistics().programs_built;
  const auto failures = run_together([&](int t) {
    // A kernel object of its own per thread: the cache is keyed by the text.
    const kernel k = kernel::from_source(sources[t % 2], "add_k", "concurrency.cl");
    std::vector<int> data(64, t);
    array_view<int, 1> av(64, data);
    parallel_for_each(view_for_thread(t), av.get_extent(), k, av, 1);
    av.synchronize();
    for (int v : data)
      if (v != t + 1) throw std::runtime_error("wrong result " + std::to_string(v));
  });
  EXPECT_TRUE(failures.empty()) << failures.front();
  EXPECT_EQ(get_statistics().programs_built, built + 2);
}

TEST(Concurrency, LaunchesOnSharedAndSeparateViews) {
  const kernel add = kernel::from_file(kernel_path("basic.cl"), "add_scalar");
  constexpr int n = 1000, rounds = 40;
  const auto failures = run_together([&](int t) {
    const accelerator_view view = view_for_thread(t);
    std::vector<int> host(n);
    for (int i = 0; i < n; ++i) host[i] = i * threads + t;
    array<int, 1> a(extent<1>(n), host.begin(), view);
    for (int r = 0; r < rounds; ++r) parallel_for_each(view, a.get_extent(), add, a, t + 1);
    std::vector<int> out(n);
    copy(a, out.begin());
    for (int i = 0; i < n; ++i)
      if (out[i] != i * threads + t + rounds * (t + 1))
        throw std::runtime_error("element " + std::to_string(i) + " is " + std::to_string(out[i]));
  });
  EXPECT_TRUE(failures.empty()) << failures.front();
}

TEST(Concurrency, CopiesAndArrayViewsBetweenThreads) {
  const kernel twice = kernel::from_file(kernel_path("basic.cl"), "copy_in_to_out");
  constexpr int n = 4096, rounds = 20;
  const auto failures = run_together([&](int t) {
    const accelerator_view view = view_for_thread(t);
    for (int r = 0; r < rounds; ++r) {
      std::vector<int> in(n), out(n, -1);
      for (int i = 0; i < n; ++i) in[i] = (t << 20) + r * n + i;
      array<int, 1> a(extent<1>(n), in.begin(), view), b(extent<1>(n), view);
      copy(a, b);  // device to device
      array_view<const int, 1> bv(b);
      array_view<int, 1> ov(n, out);
      ov.discard_data();
      parallel_for_each(view, ov.get_extent(), twice, bv, ov);
      ov.synchronize();
      if (out != in) throw std::runtime_error("round " + std::to_string(r) + " copied wrongly");
      std::vector<int> back(n);
      copy_async(b, back.begin()).get();
      if (back != in) throw std::runtime_error("round " + std::to_string(r) + " read back wrongly");
    }
  });
  EXPECT_TRUE(failures.empty()) << failures.front();
}

TEST(Concurrency, OneArrayViewSharedByAllThreadsOnOneView) {
  // Threads add into disjoint sections of one array_view through the shared view.
  const kernel add = kernel::from_file(kernel_path("basic.cl"), "add_scalar");
  constexpr int per = 256;
  std::vector<int> data(threads * per, 0);
  array_view<int, 1> whole(threads * per, data);
  const accelerator_view view = accelerator().get_default_view();
  const auto failures = run_together([&](int t) {
    auto part = whole.section(ampcl::index<1>(t * per), extent<1>(per));
    for (int r = 0; r < 10; ++r) parallel_for_each(view, part.get_extent(), add, part, t + 1);
  });
  EXPECT_TRUE(failures.empty()) << failures.front();
  whole.synchronize();
  for (int t = 0; t < threads; ++t)
    for (int i = 0; i < per; ++i) ASSERT_EQ(data[t * per + i], 10 * (t + 1)) << t << "," << i;
}
