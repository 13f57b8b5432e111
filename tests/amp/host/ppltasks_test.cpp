// <ppltasks.h> as Visual C++ programs use it: chains of value- and task-based
// continuations, continuations that return tasks, when_all/when_any and && / ||,
// exceptions and cancellation through get(), task_completion_event, and tasks that
// wait for tasks far deeper than the machine has threads (the wait suspends the
// task and frees its thread, as the Concurrency Runtime's does).
#include <ppltasks.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <numeric>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "amp_check.h"

using namespace concurrency;

namespace {

// Runs `f` on a thread of its own and gives up (failing the program) after 60 s,
// so that a deadlock is a failure, not a hung test.
template <class F>
void within_a_minute(const char* what, F f) {
  std::packaged_task<void()> job(f);
  std::future<void> done = job.get_future();
  std::thread(std::move(job)).detach();
  if (done.wait_for(std::chrono::seconds(60)) != std::future_status::ready) {
    std::fprintf(stderr, "ppltasks: %s did not finish within 60 s\n", what);
    std::_Exit(1);
  }
  done.get();
}

void chains() {
  const auto main_thread = std::this_thread::get_id();
  auto t = create_task([main_thread] {
    return std::this_thread::get_id() == main_thread ? -1 : 20;  // a body runs elsewhere
  });
  auto chained = t.then([](int v) { return v + 1; })
                     .then([](int v) { return std::to_string(v * 2); })
                     .then([](task<std::string> previous) { return previous.get() + "!"; });
  AMP_CHECK(chained.get() == "42!");
  AMP_CHECK(chained.is_done() && t.get() == 20);

  // A continuation that returns a task is unwrapped.
  task<int> unwrapped =
      create_task([] { return 5; }).then([](int v) { return create_task([v] { return v * 10; }); });
  AMP_CHECK(unwrapped.get() == 50);
  task<int> made = create_task([] { return create_task([] { return 7; }); });
  AMP_CHECK(made.get() == 7);

  // task<void>, wait(), and an explicit task<T>(f).
  std::atomic<int> side{0};
  task<void> v = create_task([&side] { side.store(1); }).then([&side] { side.fetch_add(1); });
  AMP_CHECK(v.wait() == completed);
  AMP_CHECK(side.load() == 2);
  task<long> explicit_task([] { return 3L; });
  AMP_CHECK(explicit_task.get() == 3L);
  AMP_CHECK(task_from_result(9).get() == 9);

  // Many tasks at once, each with its own value.
  std::vector<task<int>> many;
  for (int i = 0; i < 1000; ++i) many.push_back(create_task([i] { return i * i; }));
  bool ok = true;
  for (int i = 0; i < 1000; ++i) ok &= many[i].get() == i * i;
  AMP_CHECK(ok);

  bool invalid = false;
  try {
    task<int>().get();
  } catch (const invalid_operation&) {
    invalid = true;
  }
  AMP_CHECK(invalid);
}

void exceptions() {
  std::atomic<bool> value_based_ran{false};
  auto failing = create_task([]() -> int { throw std::out_of_range("the body's error"); });
  auto after = failing.then([&](int) {
    value_based_ran.store(true);
    return 0;
  });
  std::string message;
  try {
    after.get();
  } catch (const std::out_of_range& e) {
    message = e.what();
  }
  AMP_CHECK(message == "the body's error" && !value_based_ran.load());
  // A task-based continuation runs and sees the exception through get().
  auto observed = failing.then([](task<int> t) {
    try {
      t.get();
    } catch (const std::out_of_range&) {
      return std::string("caught");
    }
    return std::string("not caught");
  });
  AMP_CHECK(observed.get() == "caught");
  bool from_wait = false;
  try {
    failing.wait();
  } catch (const std::out_of_range&) {
    from_wait = true;
  }
  AMP_CHECK(from_wait);
  bool from_exception = false;
  try {
    task_from_exception<int>(std::logic_error("made")).get();
  } catch (const std::logic_error&) {
    from_exception = true;
  }
  AMP_CHECK(from_exception);
}

void combinations() {
  std::vector<task<int>> tasks;
  for (int i = 0; i < 20; ++i)
    tasks.push_back(create_task([i] {
      std::this_thread::sleep_for(std::chrono::milliseconds((20 - i) % 7));
      return i;
    }));
  std::vector<int> all = when_all(tasks.begin(), tasks.end()).get();
  std::vector<int> want(20);
  std::iota(want.begin(), want.end(), 0);
  AMP_CHECK(all == want);  // in the tasks' order, not their completion order

  auto any = when_any(tasks.begin(), tasks.end()).get();
  AMP_CHECK(any.second < 20 && any.first == static_cast<int>(any.second));

  // when_any returns with the first: the slow one is still running.
  task_completion_event<int> never_yet;
  std::vector<task<int>> race = {create_task(never_yet), create_task([] { return 8; })};
  auto first = when_any(race.begin(), race.end()).get();
  AMP_CHECK(first.first == 8 && first.second == 1);
  never_yet.set(0);

  auto a = create_task([] { return 1; });
  auto b = create_task([] { return 2; });
  std::vector<int> both = (a && b).get();
  AMP_CHECK((both == std::vector<int>{1, 2}));
  std::vector<int> three = ((a && b) && create_task([] { return 3; })).get();
  AMP_CHECK((three == std::vector<int>{1, 2, 3}));
  const int either = (a || b).get();
  AMP_CHECK(either == 1 || either == 2);

  std::atomic<int> voids{0};
  task<void> v1 = create_task([&voids] { voids.fetch_add(1); });
  task<void> v2 = create_task([&voids] { voids.fetch_add(1); });
  (v1 && v2).wait();
  AMP_CHECK(voids.load() == 2);
  (v1 || v2).wait();
  std::vector<task<void>> vs = {v1, v2};
  AMP_CHECK(when_any(vs.begin(), vs.end()).get() < 2);

  // One failure fails when_all; when_any fails only when all do.
  std::vector<task<int>> mixed = {create_task([] { return 1; }),
                                  create_task([]() -> int { throw std::runtime_error("x"); })};
  bool all_failed = false;
  try {
    when_all(mixed.begin(), mixed.end()).get();
  } catch (const std::runtime_error&) {
    all_failed = true;
  }
  AMP_CHECK(all_failed);
  AMP_CHECK(when_any(mixed.begin(), mixed.end()).get().first == 1);
  std::vector<task<int>> bad = {create_task([]() -> int { throw std::runtime_error("y"); })};
  bool any_failed = false;
  try {
    when_any(bad.begin(), bad.end()).get();
  } catch (const std::runtime_error&) {
    any_failed = true;
  }
  AMP_CHECK(any_failed);
}

void completion_events() {
  task_completion_event<std::string> e;
  task<std::string> waiting = create_task(e);
  auto continued = waiting.then([](const std::string& s) { return s.size(); });
  AMP_CHECK(!waiting.is_done());
  std::thread setter([e] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    AMP_CHECK(e.set("from a thread"));
  });
  AMP_CHECK(waiting.get() == "from a thread");
  AMP_CHECK(continued.get() == 13);
  setter.join();
  AMP_CHECK(!e.set("again"));                          // set once
  AMP_CHECK(create_task(e).get() == "from a thread");  // a task made after it was set

  task_completion_event<void> failed;
  failed.set_exception(std::runtime_error("event error"));
  bool threw = false;
  try {
    create_task(failed).get();
  } catch (const std::runtime_error&) {
    threw = true;
  }
  AMP_CHECK(threw);
}

void cancellation() {
  // Canceled before it could start: get() throws task_canceled, wait() says canceled.
  cancellation_token_source early;
  early.cancel();
  std::atomic<bool> ran{false};
  auto never = create_task([&ran] { ran.store(true); }, early.get_token());
  AMP_CHECK(never.wait() == canceled && !ran.load());
  bool threw = false;
  try {
    never.get();
  } catch (const task_canceled&) {
    threw = true;
  }
  AMP_CHECK(threw);

  // A running body polls and cancels itself; its value-based continuations are
  // canceled, a task-based one runs.
  cancellation_token_source cts;
  std::atomic<bool> started{false};
  auto running = create_task(
      [&started] {
        started.store(true);
        while (!is_task_cancellation_requested()) std::this_thread::yield();
        cancel_current_task();
      },
      cts.get_token());
  auto value_based = running.then([] { return 1; });
  auto task_based = running.then([](task<void> t) { return t.wait() == canceled ? 2 : 3; });
  while (!started.load()) std::this_thread::yield();
  cts.cancel();
  AMP_CHECK(running.wait() == canceled);
  AMP_CHECK(value_based.wait() == canceled);
  AMP_CHECK(task_based.get() == 2);

  // A pending continuation is canceled with its token, before its antecedent ends.
  task_completion_event<int> later;
  cancellation_token_source stop;
  auto pending = create_task(later).then([](int v) { return v; }, stop.get_token());
  stop.cancel();
  AMP_CHECK(pending.wait() == canceled);
  later.set(1);

  // Token callbacks and linked sources.
  cancellation_token_source parent;
  auto token = parent.get_token();
  auto child = cancellation_token_source::create_linked_source(token);
  std::atomic<int> called{0};
  auto registration = child.get_token().register_callback([&called] { called.fetch_add(1); });
  (void)registration;
  AMP_CHECK(!child.get_token().is_canceled());
  parent.cancel();
  AMP_CHECK(child.get_token().is_canceled() && called.load() == 1);
  AMP_CHECK(!cancellation_token::none().is_cancelable());
}

// Each task waits for the one it made, 200 deep: with blocking waits the machine's
// few threads would all be waiting; a PPL task's wait frees its thread.
task<int> nest(int depth) {
  return create_task([depth] { return depth == 0 ? 0 : nest(depth - 1).get() + 1; });
}

void nested_waits() {
  within_a_minute("200 nested tasks", [] { AMP_CHECK(nest(200).get() == 200); });
  within_a_minute("100 tasks waiting for one event", [] {
    task_completion_event<int> go;
    std::vector<task<int>> waiters;
    for (int i = 0; i < 100; ++i)
      waiters.push_back(create_task([go, i] { return create_task(go).get() + i; }));
    auto setter = create_task([go] {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      go.set(1000);
    });
    int sum = 0;
    for (auto& w : waiters) sum += w.get();
    setter.wait();
    AMP_CHECK(sum == 100 * 1000 + 99 * 100 / 2);
  });
}

}  // namespace

int main() {
  chains();
  exceptions();
  combinations();
  completion_events();
  cancellation();
  nested_waits();
  return amp_check::finish("ppltasks");
}
