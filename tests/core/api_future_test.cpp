// completion_future: waiting, timeouts, continuations, errors; synchronize_async
// and synchronize_to.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#include "api_test_support.hpp"

using namespace ampcl;
using ampcl_api_test::basic_kernel;
using ampcl_api_test::queue_gate;
using namespace std::chrono_literals;

namespace {

// Set from a continuation; waited on by the test with a deadline.
struct flag {
  std::mutex m;
  std::condition_variable cv;
  bool set = false;
  bool future_was_ready = false;
  std::thread::id ran_on;
  void raise(bool ready) {
    std::lock_guard<std::mutex> lock(m);
    set = true;
    future_was_ready = ready;
    ran_on = std::this_thread::get_id();
    cv.notify_all();
  }
  bool wait(std::chrono::milliseconds d) {
    std::unique_lock<std::mutex> lock(m);
    return cv.wait_for(lock, d, [this] { return set; });
  }
};

}  // namespace

TEST(CompletionFuture, DefaultConstructedIsInvalid) {
  completion_future f;
  EXPECT_FALSE(f.valid());
  EXPECT_THROW(f.wait(), runtime_exception);
  EXPECT_TRUE(completion_future::ready().valid());
  EXPECT_EQ(completion_future::ready().wait_for(0ms), std::future_status::ready);
}

TEST(CompletionFuture, WaitForAndWaitUntilTimeOutUntilTheEventCompletes) {
  accelerator_view view = accelerator().create_view();
  queue_gate gate(view);
  completion_future f = gate.future();
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(f.wait_for(30ms), std::future_status::timeout);
  EXPECT_GE(std::chrono::steady_clock::now() - start, 30ms);
  EXPECT_EQ(f.wait_until(std::chrono::system_clock::now() + 20ms), std::future_status::timeout);
  completion_future copy = f;  // copies share the state
  gate.release();
  EXPECT_EQ(copy.wait_for(10s), std::future_status::ready);
  EXPECT_EQ(f.wait_until(std::chrono::steady_clock::now()), std::future_status::ready);
  f.get();
}

TEST(CompletionFuture, ThenRunsOnceAfterCompletionOffTheCallingThread) {
  accelerator_view view = accelerator().create_view();
  queue_gate gate(view);
  completion_future f = gate.future();
  flag done;
  std::atomic<int> runs{0};
  f.then([&done, &runs, f] {
    ++runs;
    done.raise(f.is_ready());
  });
  EXPECT_FALSE(done.wait(50ms)) << "the continuation ran before the event completed";
  gate.release();
  ASSERT_TRUE(done.wait(10s));
  EXPECT_TRUE(done.future_was_ready);
  EXPECT_NE(done.ran_on, std::this_thread::get_id());
  // Given after completion, a continuation runs at once, on a thread of its own
  // (C++ AMP's: a continuation may wait for another one).
  flag late;
  f.then([&late] { late.raise(true); });
  ASSERT_TRUE(late.wait(10s));
  EXPECT_NE(late.ran_on, std::this_thread::get_id());
  std::this_thread::sleep_for(20ms);
  EXPECT_EQ(runs.load(), 1);
}

TEST(CompletionFuture, GetRethrowsTheOperationsError) {
  array<int> small(4);
  std::vector<int> too_many(9, 1);
  completion_future f = copy_async(too_many.begin(), too_many.end(), small);
  EXPECT_EQ(f.wait_for(10s), std::future_status::ready);
  EXPECT_THROW(f.get(), runtime_exception);
}

TEST(ArrayViewAsync, SynchronizeAsyncBringsKernelWritesHome) {
  std::vector<int> data(64, 1);
  array_view<int> av(64, data);
  parallel_for_each(av.get_extent(), basic_kernel("add_scalar"), av, 0);  // compile first
  av.synchronize();
  reset_statistics();
  parallel_for_each(av.get_extent(), basic_kernel("add_scalar"), av, 9);
  completion_future f = av.synchronize_async();
  f.get();
  EXPECT_EQ(data, std::vector<int>(64, 10));
  EXPECT_EQ(get_statistics().device_to_host_copies, 1u);
  EXPECT_EQ(get_statistics().host_to_device_copies, 0u);
}

TEST(ArrayViewAsync, SynchronizeToCopiesInOnceBeforeTheLaunch) {
  accelerator_view view = accelerator().create_view();
  std::vector<int> data(32, 2);
  array_view<int> av(32, data);
  parallel_for_each(view, av.get_extent(), basic_kernel("add_scalar"), av, 0);  // compile
  av.synchronize();
  data.assign(32, 5);
  av.refresh();
  reset_statistics();
  av.synchronize_to(view);
  EXPECT_EQ(get_statistics().host_to_device_copies, 1u);
  av.synchronize_to(view);  // already there
  parallel_for_each(view, av.get_extent(), basic_kernel("add_scalar"), av, 1);
  EXPECT_EQ(get_statistics().host_to_device_copies, 1u);
  av.synchronize();
  EXPECT_EQ(data, std::vector<int>(32, 6));

  data.assign(32, 7);
  av.refresh();
  av.synchronize_to_async(view).get();
  EXPECT_EQ(get_statistics().host_to_device_copies, 2u);
  parallel_for_each(view, av.get_extent(), basic_kernel("add_scalar"), av, 1);
  av.synchronize();
  EXPECT_EQ(data, std::vector<int>(32, 8));
  EXPECT_EQ(get_statistics().host_to_device_copies, 2u);
}
