// completion_future::to_task(): a PPL task<void> that completes with the C++ AMP
// operation, chained with then(), joined with && (the conformance suite's
// 5_2_3_m/WithoutDataSource/Test.02 and 5_3_c_d/Continuation/Misc/Test.01); and
// completion_future::then, whose continuations may wait for each other.
#include <amp.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <numeric>
#include <thread>
#include <vector>

#include "amp_check.h"

using namespace concurrency;

namespace {

template <class F>
void within_a_minute(const char* what, F f) {
  std::packaged_task<void()> job(f);
  std::future<void> done = job.get_future();
  std::thread(std::move(job)).detach();
  if (done.wait_for(std::chrono::seconds(60)) != std::future_status::ready) {
    std::fprintf(stderr, "to_task: %s did not finish within 60 s\n", what);
    std::_Exit(1);
  }
  done.get();
}

void marker_task() {
  const accelerator_view v = accelerator().default_view;
  task<void> t = v.create_marker().to_task();
  t.wait();
  AMP_CHECK(t.is_done());
  const int chained =
      v.create_marker().to_task().then([] { return 41; }).then([](int x) { return x + 1; }).get();
  AMP_CHECK(chained == 42);
}

void copies_joined() {
  const int n = 100000;
  std::vector<int> a(n), b(n);
  std::iota(a.begin(), a.end(), 0);
  std::iota(b.begin(), b.end(), n);
  array<int, 1> da(n), db(n);
  completion_future fa = copy_async(a.begin(), a.end(), da);
  completion_future fb = copy_async(b.begin(), b.end(), db);
  // As WithoutDataSource/Test.02 does: both tasks, then a continuation that checks.
  const bool ok = (fa.to_task() && fb.to_task())
                      .then([&] {
                        std::vector<int> ra(n), rb(n);
                        copy(da, ra.begin());
                        copy(db, rb.begin());
                        return ra == a && rb == b;
                      })
                      .get();
  AMP_CHECK(ok);

  // A task made from a finished future completes too.
  completion_future done = copy_async(a.begin(), a.end(), da);
  done.get();
  AMP_CHECK(done.to_task().wait() == completed);

  bool threw = false;
  try {
    completion_future().to_task();
  } catch (const invalid_operation&) {
    threw = true;
  }
  AMP_CHECK(threw);
}

// Continuation/Misc/Test.01's shape: each continuation starts the next copy and
// waits (spinning) until that copy's continuation has run.
void nested_continuations() {
  within_a_minute("six nested continuations", [] {
    const int n = 1024;
    std::vector<int> src(n), dst(n);
    std::iota(src.begin(), src.end(), 7);
    array<int, 1> arr(n);
    std::atomic<int> depth{0};
    std::atomic<bool> done[7] = {};
    std::function<void(int)> level = [&](int k) {
      depth.fetch_add(1);
      if (k == 6) {
        copy(arr, dst.begin());
        done[k].store(true);
        return;
      }
      copy_async(src.begin(), src.end(), arr).then([&level, k] { level(k + 1); });
      while (!done[k + 1].load()) std::this_thread::yield();
      done[k].store(true);
    };
    copy_async(src.begin(), src.end(), arr).to_task().then([&] { level(1); });
    while (!done[1].load()) std::this_thread::yield();
    AMP_CHECK(depth.load() == 6 && dst == src);
  });
}

}  // namespace

int main() {
  marker_task();
  copies_joined();
  nested_continuations();
  return amp_check::finish("to_task");
}
