// A program that returns from main while PPL work is still queued or running: a
// continuation nobody waits for, and a task whose result main has already read but
// whose work item is still ending. Exit waits for both before static destructors
// run (as a program's last continuations would otherwise be lost, or run under
// them); it never waits for a task that is suspended for ever.
#include <ppltasks.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

using namespace concurrency;

namespace {

std::atomic<bool> continuation_ran{false};
task_completion_event<int> never_set;
std::chrono::steady_clock::time_point main_returned;

// Registered before any PPL work, so it runs after exit waited for that work.
void check_at_exit() {
  const auto waited = std::chrono::steady_clock::now() - main_returned;
  bool ok = true;
  if (!continuation_ran.load()) {
    std::fprintf(stderr, "ppl_exit: the continuation was still pending at exit\n");
    ok = false;
  }
  if (waited > std::chrono::seconds(5)) {
    std::fprintf(stderr, "ppl_exit: exit waited for the task that is suspended for ever\n");
    ok = false;
  }
  if (ok) std::printf("ppl_exit: every check passed\n");
  std::fflush(stdout);
  // The suspended task's closure is held by oneTBB's coroutine stack, which
  // LeakSanitizer (sanitizer builds) cannot see: leave before its exit-time report.
  std::_Exit(ok ? 0 : 1);
}

}  // namespace

int main() {
  std::atexit(check_at_exit);
  // Suspended for ever: exit must not wait for it.
  create_task([] { return create_task(never_set).get(); });
  create_task([] { return 1; }).then([](int) {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    continuation_ran.store(true);
  });
  main_returned = std::chrono::steady_clock::now();
  return 0;
}
