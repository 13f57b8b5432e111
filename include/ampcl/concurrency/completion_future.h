// Concurrency::completion_future: C++ AMP's future for copy_async, synchronize_async
// and create_marker, which is ampcl's (include/ampcl/completion_future.hpp).
// to_task() is a PPL task (ampcl/concurrency/ppl/tasks.h) that completes with it.
#pragma once

#include <ampcl/concurrency/exceptions.h>
#include <ampcl/concurrency/namespace.h>
#include <ampcl/concurrency/ppl/tasks.h>

#include <ampcl/completion_future.hpp>
#include <chrono>
#include <cstdio>
#include <exception>
#include <functional>
#include <future>
#include <memory>
#include <thread>
#include <utility>

namespace Concurrency {

// ampcl's future, which holds the operation and its error (get, wait, wait_for,
// wait_until, valid), with what C++ AMP adds: its own then(), the conversion to
// std::shared_future and to_task().
class completion_future : public ampcl::completion_future {
 public:
  // An invalid future (valid() is false), as a default-constructed std::future.
  completion_future() = default;

  // A std::shared_future that becomes ready (or holds the error) with this one.
  operator std::shared_future<void>() const {
    auto promise = std::make_shared<std::promise<void>>();
    std::shared_future<void> shared = promise->get_future().share();
    const ampcl::completion_future done = *this;
    ampcl::completion_future::then([promise, done] {
      try {
        done.get();
        promise->set_value();
      } catch (...) {
        promise->set_exception(std::current_exception());
      }
    });
    return shared;
  }

  // Runs `func` once the operation finished, on a thread of its own: a
  // continuation may wait for another one (the conformance suite's
  // Continuation/Misc/Test.01 nests six that wait for each other), as HCC ran
  // them, where ampcl's then() runs continuations one at a time on one thread. An
  // exception it throws is reported on stderr and dropped: no one is left to
  // receive it.
  template <class Functor>
  void then(const Functor& func) const {
    ampcl::completion_future::then([func] {
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

  // A PPL task that completes when the operation does, or fails with its error.
  task<void> to_task() const {
    if (!valid())
      throw invalid_operation(
          "completion_future::to_task: the future is empty (default-constructed): take one "
          "from copy_async, synchronize_async or create_marker");
    task_completion_event<void> done;
    const ampcl::completion_future f = *this;
    ampcl::completion_future::then([done, f] {
      try {
        f.get();
        done.set();
      } catch (...) {
        done.set_exception(std::current_exception());
      }
    });
    return task<void>(done);
  }

  // For the compatibility layer: the ampcl future this one is, and the reverse.
  const ampcl::completion_future& _Ampcl() const { return *this; }
  static completion_future _From(ampcl::completion_future future) {
    completion_future f;
    static_cast<ampcl::completion_future&>(f) = std::move(future);
    return f;
  }
};

}  // namespace Concurrency
