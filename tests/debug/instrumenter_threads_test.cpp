// The instrumenter's child processes started from several threads at once (two
// kernels launched from two threads under the checker, or the layer building a
// program's kernels ahead): each child must see the end of its own input. Its
// pipes were once inherited by the child another thread started meanwhile, which
// then held them open, and both waited for ever (the test's timeout ends that):
// with that bug, 16 threads of 8 children each hung 3 runs of 4; without it, a run
// takes about 2 s on 2 cores.
#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "result_io.hpp"

namespace {

std::string kernel_source(int k) {
  const std::string name = "k" + std::to_string(k);
  return "__kernel void " + name +
         "(__global int* a) {\n"
         "  a[get_global_id(0)] += " +
         std::to_string(k) + ";\n}\n";
}

TEST(InstrumenterThreads, ChildrenStartedAtOnceEachFinish) {
  constexpr int threads = 16, rounds = 8;
  std::atomic<int> ok{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([t, &ok] {
      for (int r = 0; r < rounds; ++r) {
        const int k = t * rounds + r;
        const auto result = ampcl::debug::instrument_in_subprocess(kernel_source(k), "k.cl", "",
                                                                   "k" + std::to_string(k));
        if (result.ok && result.source.find("__ampcl") != std::string::npos) ++ok;
      }
    });
  for (std::thread& t : pool) t.join();
  EXPECT_EQ(ok.load(), threads * rounds);
}

}  // namespace
