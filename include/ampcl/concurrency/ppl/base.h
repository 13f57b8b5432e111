// What <concrt.h>, <ppl.h> and <ppltasks.h> share (docs/companion_headers.md): the
// Concurrency Runtime's exceptions, task_group_status, cancellation tokens, and the
// scheduler behind PPL tasks. Nothing here includes oneTBB: <amp.h> reaches this
// file (completion_future::to_task returns a task), and the scheduler is compiled
// into libampcl_amp (translate/runtime/ppl.cpp), which runs it on oneTBB.
#pragma once

#include <ampcl/concurrency/namespace.h>

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace Concurrency {

// ---- The Concurrency Runtime's exceptions (Microsoft's <concrt.h>) --------------

namespace __ampcl {
// The base of the exceptions below: a message, or the class's own default one.
class concrt_exception : public std::exception {
 public:
  explicit concrt_exception(const char* message) : _M_message(message ? message : "") {}
  const char* what() const noexcept override { return _M_message.c_str(); }

 private:
  std::string _M_message;
};
}  // namespace __ampcl

#define __AMPCL_CONCRT_EXCEPTION(name, text)                                   \
  class name : public __ampcl::concrt_exception {                              \
   public:                                                                     \
    explicit name(const char* message) : __ampcl::concrt_exception(message) {} \
    name() : __ampcl::concrt_exception(text) {}                                \
  };
// A lock taken by the context that holds it already, or released by one that does not.
__AMPCL_CONCRT_EXCEPTION(improper_lock, "improper_lock: the lock is already held by this context")
// An operation its object's state does not allow (get() of an empty task, ...).
__AMPCL_CONCRT_EXCEPTION(invalid_operation, "invalid_operation")
// get() or wait() of a task that was canceled; cancel_current_task() throws it.
__AMPCL_CONCRT_EXCEPTION(task_canceled, "task_canceled: the task was canceled")
// A task_group or structured_task_group destroyed with work it never waited for.
__AMPCL_CONCRT_EXCEPTION(missing_wait,
                         "missing_wait: a task group was destroyed with tasks it did not wait "
                         "for: call wait() or run_and_wait() before it goes out of scope")
// One task_handle run twice at once, or in two groups.
__AMPCL_CONCRT_EXCEPTION(invalid_multiple_scheduling,
                         "invalid_multiple_scheduling: a task_handle is scheduled twice")
// A timed wait that ran out.
__AMPCL_CONCRT_EXCEPTION(operation_timed_out, "operation_timed_out")
#undef __AMPCL_CONCRT_EXCEPTION

// How a task group (or a task: task_status is the same type) ended.
enum task_group_status { not_complete, completed, canceled };
typedef task_group_status task_status;

// ---- Cancellation (Microsoft's <pplcancellation_token.h>) -----------------------

namespace __ampcl {
struct token_state {
  std::mutex mutex;
  std::atomic<bool> canceled{false};
  std::map<unsigned long long, std::function<void()>> callbacks;
  unsigned long long next = 1;

  // Cancels once; the callbacks run on this thread, outside the lock.
  void cancel() {
    std::map<unsigned long long, std::function<void()>> run;
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (canceled.exchange(true)) return;
      run.swap(callbacks);
    }
    for (auto& c : run) c.second();
  }
  // 0 when the token is canceled already: then `f` has run, here.
  unsigned long long add(std::function<void()> f) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (!canceled) {
        callbacks.emplace(next, std::move(f));
        return next++;
      }
    }
    f();
    return 0;
  }
  void remove(unsigned long long id) {
    std::lock_guard<std::mutex> lock(mutex);
    callbacks.erase(id);
  }
};
}  // namespace __ampcl

class cancellation_token;

// What register_callback returns, for deregister_callback.
class cancellation_token_registration {
 public:
  cancellation_token_registration() = default;
  bool operator==(const cancellation_token_registration& o) const {
    return _M_state == o._M_state && _M_id == o._M_id;
  }
  bool operator!=(const cancellation_token_registration& o) const { return !(*this == o); }

 private:
  friend class cancellation_token;
  std::shared_ptr<__ampcl::token_state> _M_state;
  unsigned long long _M_id = 0;
};

// Whether work should stop. Copies share one state; none() is never canceled.
class cancellation_token {
 public:
  static cancellation_token none() { return cancellation_token(); }
  bool is_canceled() const { return _M_state && _M_state->canceled.load(); }
  bool is_cancelable() const { return _M_state != nullptr; }
  // Runs `f` once the token is canceled (at once, here, when it is already).
  template <class Function>
  cancellation_token_registration register_callback(const Function& f) const {
    if (!_M_state)
      throw invalid_operation(
          "cancellation_token::register_callback: cancellation_token::none() is never canceled, "
          "so it takes no callbacks");
    cancellation_token_registration r;
    r._M_id = _M_state->add(std::function<void()>(f));
    if (r._M_id) r._M_state = _M_state;
    return r;
  }
  void deregister_callback(const cancellation_token_registration& r) const {
    if (r._M_state) r._M_state->remove(r._M_id);
  }
  bool operator==(const cancellation_token& o) const { return _M_state == o._M_state; }
  bool operator!=(const cancellation_token& o) const { return _M_state != o._M_state; }

  // For the rest of the library.
  const std::shared_ptr<__ampcl::token_state>& _State() const { return _M_state; }
  explicit cancellation_token(std::shared_ptr<__ampcl::token_state> s) : _M_state(std::move(s)) {}

 private:
  cancellation_token() = default;
  std::shared_ptr<__ampcl::token_state> _M_state;
};

// Cancels the tokens it gives out.
class cancellation_token_source {
 public:
  cancellation_token_source() : _M_state(std::make_shared<__ampcl::token_state>()) {}
  cancellation_token get_token() const { return cancellation_token(_M_state); }
  void cancel() const { _M_state->cancel(); }
  bool operator==(const cancellation_token_source& o) const { return _M_state == o._M_state; }
  bool operator!=(const cancellation_token_source& o) const { return _M_state != o._M_state; }

  // A source that is canceled when it is, or when `token` is.
  static cancellation_token_source create_linked_source(cancellation_token& token) {
    return create_linked_source(&token, &token + 1);
  }
  template <class Iterator>
  static cancellation_token_source create_linked_source(Iterator first, Iterator last) {
    cancellation_token_source s;
    std::weak_ptr<__ampcl::token_state> linked = s._M_state;
    for (; first != last; ++first)
      if (first->is_cancelable())
        first->register_callback([linked] {
          if (auto state = linked.lock()) state->cancel();
        });
    return s;
  }

 private:
  std::shared_ptr<__ampcl::token_state> _M_state;
};

// ---- The scheduler (translate/runtime/ppl.cpp) ----------------------------------

namespace __ampcl {

// Runs `work` as a task of the PPL's oneTBB arena.
void ppl_enqueue(std::function<void()> work);

// The shared state of a task<T>, without its value.
class task_state_base {
 public:
  enum phase_t { pending, running, done_value, done_canceled, done_error };

  explicit task_state_base(std::shared_ptr<token_state> token);
  virtual ~task_state_base();
  task_state_base(const task_state_base&) = delete;
  task_state_base& operator=(const task_state_base&) = delete;

  // The body may start: false when the task finished already (canceled).
  bool try_start();
  bool is_done() const;
  // Returns once the task finished. In a PPL task the wait suspends it and frees
  // its thread for other tasks (oneTBB's resumable tasks); elsewhere it blocks.
  void wait_done();
  phase_t phase() const;
  std::exception_ptr error() const;
  // Finishing: the first call of finish_* wins, later ones return false.
  bool finish_canceled();
  bool finish_error(std::exception_ptr e);
  // Cancels the task if its body has not started (a canceled token).
  void cancel_if_not_started();
  // Runs `f` as a task once this one finished (at once when it has).
  void when_done(std::function<void()> f);
  // The token, and its callback's removal when the task finishes.
  const std::shared_ptr<token_state>& token() const { return _M_token; }
  void watch_token(const std::shared_ptr<task_state_base>& self);

 protected:
  // Claims the right to finish; the caller then stores its value and publishes.
  bool claim();
  void publish(phase_t p, std::exception_ptr e);
  mutable std::mutex _M_mutex;

 private:
  std::condition_variable _M_done;
  phase_t _M_phase = pending;
  bool _M_claimed = false;
  std::exception_ptr _M_error;
  std::vector<std::function<void()>> _M_continuations;
  std::vector<void*> _M_suspended;  // oneTBB suspend points
  std::shared_ptr<token_state> _M_token;
  unsigned long long _M_token_callback = 0;
};

// The task whose body this thread runs (for is_task_cancellation_requested), set
// around each body.
class running_task {
 public:
  explicit running_task(task_state_base* t);
  ~running_task();
  running_task(const running_task&) = delete;
  running_task& operator=(const running_task&) = delete;
};
task_state_base* current_task();

}  // namespace __ampcl

// True in a task's body once its cancellation token is canceled.
bool is_task_cancellation_requested();
// Cancels the task whose body calls it (throws task_canceled, which the task catches).
[[noreturn]] void cancel_current_task();

}  // namespace Concurrency
