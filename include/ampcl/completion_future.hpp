// completion_future: the result of an asynchronous operation (copy_async,
// synchronize_async, accelerator_view::create_marker), as in C++ AMP.
//
// Device work is tracked by its OpenCL event; host work (copies that involve host
// iterators) runs on a worker thread of the library, in submission order.
// Continuations given to then() never run on a driver thread: the event callback
// only hands them to the library's continuation thread, which runs them one at a
// time, in completion order. An exception thrown by a continuation is logged and
// dropped (there is no one to hand it to).
#pragma once

#include <ampcl/cl.hpp>
#include <chrono>
#include <functional>
#include <future>
#include <memory>

namespace ampcl {

namespace detail {
class completion_state;
}

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
    return wait_until_steady(std::chrono::steady_clock::now() +
                             std::chrono::duration_cast<std::chrono::steady_clock::duration>(left));
  }
  bool valid() const { return state_ != nullptr; }
  // True once the operation finished (successfully or not); never blocks.
  bool is_ready() const;
  // Runs `continuation` once the operation has finished, on the library's
  // continuation thread (at once there if it already has).
  void then(std::function<void()> continuation) const;

  // Internal constructors.
  // Completes with `event` (retained here); `queue` is flushed before waiting so
  // the event can make progress. Takes its own references to both.
  static completion_future from_event(cl_event event, cl_command_queue queue);
  // Runs `work` on the library's host worker thread.
  static completion_future run_on_host(std::function<void()> work);
  // Already finished.
  static completion_future ready();

 private:
  explicit completion_future(std::shared_ptr<detail::completion_state> s) : state_(std::move(s)) {}
  std::future_status wait_until_steady(std::chrono::steady_clock::time_point deadline) const;
  const detail::completion_state& checked() const;
  std::shared_ptr<detail::completion_state> state_;
};

}  // namespace ampcl
