// completion_future: the result of an asynchronous operation (copy_async,
// synchronize_async, accelerator_view::create_marker), C++ AMP's class and ampcl's
// (ampcl::completion_future names it), implemented in lib/devices/completion_future.cpp.
//
// Device work is tracked by its OpenCL event; host work (copies that involve host
// iterators) runs on a worker thread of the library, in submission order. The
// event callback never runs user code on a driver thread: it hands completion to
// the library's continuation thread, which starts each then() continuation on a
// thread of its own (a continuation may wait for another one: the conformance
// suite's Continuation/Misc/Test.01 nests six). An exception thrown by a
// continuation is reported on stderr and dropped: no one is left to receive it.
// to_task() is a PPL task (ampcl/concurrency/ppl/tasks.h, which <amp.h> and
// <ppltasks.h> include) that completes with it: ampcl's API headers leave the tasks
// out, since most programs never ask for one.
#pragma once

#include <ampcl/concurrency/exceptions.h>
#include <ampcl/concurrency/namespace.h>
#include <ampcl/concurrency/ppl/base.h>

#include <ampcl/cl.hpp>
#include <chrono>
#include <cstdio>
#include <exception>
#include <functional>
#include <future>
#include <memory>
#include <thread>
#include <utility>

namespace ampcl::detail {
class completion_state;
}  // namespace ampcl::detail

namespace Concurrency {

template <class T>
class task;
template <class T>
class task_completion_event;

class completion_future {
 public:
  // An invalid future (valid() is false), as a default-constructed std::future.
  completion_future() = default;

  // Blocks until the operation finished; rethrows its error, if any.
  void get() const;
  // Blocks until the operation finished (errors are kept for get()).
  void wait() const;
  template <class Rep, class Period>
  std::future_status wait_for(const std::chrono::duration<Rep, Period>& timeout) const {
    return wait_until(std::chrono::steady_clock::now() + timeout);
  }
  template <class Clock, class Duration>
  std::future_status wait_until(const std::chrono::time_point<Clock, Duration>& deadline) const {
    const auto left = deadline - Clock::now();
    return _Wait_until_steady(
        std::chrono::steady_clock::now() +
        std::chrono::duration_cast<std::chrono::steady_clock::duration>(left));
  }
  bool valid() const { return _M_state != nullptr; }
  // True once the operation finished (successfully or not); never blocks.
  bool is_ready() const;

  // Runs `func` once the operation finished, on a thread of its own.
  template <class Functor>
  void then(const Functor& func) const {
    _Then([func] {
      std::thread([func] {
        try {
          func();
        } catch (const std::exception& e) {
          std::fprintf(stderr, "ampcl: a completion_future::then continuation threw: %s\n",
                       e.what());
        } catch (...) {
          std::fprintf(stderr, "ampcl: a completion_future::then continuation threw\n");
        }
      }).detach();
    });
  }

  // A std::shared_future that becomes ready (or holds the error) with this one.
  operator std::shared_future<void>() const {
    auto promise = std::make_shared<std::promise<void>>();
    std::shared_future<void> shared = promise->get_future().share();
    const completion_future done = *this;
    _Then([promise, done] {
      try {
        done.get();
        promise->set_value();
      } catch (...) {
        promise->set_exception(std::current_exception());
      }
    });
    return shared;
  }

  // A PPL task that completes when the operation does, or fails with its error.
  // A template only so that the tasks are needed where it is called: include
  // <ppltasks.h> (or <amp.h>) there.
  template <class _Void = void>
  task<_Void> to_task() const {
    if (!valid())
      throw invalid_operation(
          "completion_future::to_task: the future is empty (default-constructed): take one "
          "from copy_async, synchronize_async or create_marker");
    task_completion_event<_Void> done;
    const completion_future f = *this;
    _Then([done, f] {
      try {
        f.get();
        done.set();
      } catch (...) {
        done.set_exception(std::current_exception());
      }
    });
    return task<_Void>(done);
  }

  // The runtime's constructors.
  // Completes with `event` (retained here); `queue` is flushed before waiting so
  // the event can make progress. Takes its own references to both.
  static completion_future from_event(cl_event event, cl_command_queue queue);
  // Runs `work` on the library's host worker thread.
  static completion_future run_on_host(std::function<void()> work);
  // Already finished.
  static completion_future ready();

 private:
  explicit completion_future(std::shared_ptr<ampcl::detail::completion_state> s)
      : _M_state(std::move(s)) {}
  std::future_status _Wait_until_steady(std::chrono::steady_clock::time_point deadline) const;
  const ampcl::detail::completion_state& _Checked() const;
  // Runs `continuation` on the library's continuation thread once the operation
  // finished (at once there if it already has).
  void _Then(std::function<void()> continuation) const;

  std::shared_ptr<ampcl::detail::completion_state> _M_state;
};

}  // namespace Concurrency
