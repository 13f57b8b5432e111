// Concurrency::completion_future: C++ AMP's future for copy_async, synchronize_async
// and create_marker, wrapping ampcl's (include/ampcl/completion_future.hpp).
// Continuations given to then() run on ampcl's continuation thread, one at a time.
#pragma once

#include <ampcl_amp/exceptions.h>
#include <ampcl_amp/namespace.h>

#include <ampcl/completion_future.hpp>
#include <chrono>
#include <exception>
#include <functional>
#include <future>
#include <memory>
#include <utility>

namespace Concurrency {

namespace __ampcl {
template <class... T>
constexpr bool dependent_false = false;

// completion_future::to_task()'s return type: naming it is the error, so that the
// message comes at the call, before any error about what the caller does with the
// result (`f.to_task().then(...)`, `f.to_task() && g.to_task()`).
template <class Unused>
struct ppl_task {
  static_assert(dependent_false<Unused>,
                "completion_future::to_task() returns a Windows PPL task (concurrency::task), "
                "which ampcl does not have: chain work with then(), or wait with get()");
  using type = void;
};
}  // namespace __ampcl

class completion_future {
 public:
  // An invalid future (valid() is false), as a default-constructed std::future.
  completion_future() = default;

  // Blocks until the operation finished; rethrows its error, if any.
  void get() const { _M_future.get(); }
  bool valid() const { return _M_future.valid(); }
  // Blocks until the operation finished (an error is kept for get()).
  void wait() const { _M_future.wait(); }
  template <class Rep, class Period>
  std::future_status wait_for(const std::chrono::duration<Rep, Period>& timeout) const {
    return _M_future.wait_for(timeout);
  }
  template <class Clock, class Duration>
  std::future_status wait_until(const std::chrono::time_point<Clock, Duration>& deadline) const {
    return _M_future.wait_until(deadline);
  }

  // A std::shared_future that becomes ready (or holds the error) with this one.
  operator std::shared_future<void>() const {
    auto promise = std::make_shared<std::promise<void>>();
    std::shared_future<void> shared = promise->get_future().share();
    const ampcl::completion_future done = _M_future;
    _M_future.then([promise, done] {
      try {
        done.get();
        promise->set_value();
      } catch (...) {
        promise->set_exception(std::current_exception());
      }
    });
    return shared;
  }

  // Runs `func` once the operation finished, on ampcl's continuation thread.
  template <class Functor>
  void then(const Functor& func) const {
    _M_future.then(std::function<void()>(func));
  }

  // to_task() returns a Windows PPL task (concurrency::task), which has no
  // counterpart here: a compile error when used.
  template <class Unused = void>
  typename __ampcl::ppl_task<Unused>::type to_task() const {}

  // For the compatibility layer: the ampcl future this one wraps, and the reverse.
  const ampcl::completion_future& _Ampcl() const { return _M_future; }
  static completion_future _From(ampcl::completion_future future) {
    completion_future f;
    f._M_future = std::move(future);
    return f;
  }

 private:
  ampcl::completion_future _M_future;
};

}  // namespace Concurrency
