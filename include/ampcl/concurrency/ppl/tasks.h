// PPL tasks, as Microsoft's <ppltasks.h> has them (docs/companion_headers.md):
// task<T>, create_task, then (value- and task-based continuations, unwrapping a
// continuation that returns a task), get, wait, task_completion_event, when_all,
// when_any, && and ||, cancellation. Bodies and continuations run as tasks of
// oneTBB (the scheduler in translate/runtime/ppl.cpp); a task that waits for
// another in a body is suspended, its thread runs other tasks meanwhile.
//
// <amp.h> includes this file (completion_future::to_task returns a task<void>), so
// it includes no oneTBB header.
#pragma once

#include <ampcl/concurrency/ppl/base.h>

#include <cstddef>
#include <exception>
#include <iterator>
#include <memory>
#include <mutex>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

namespace Concurrency {

template <class T>
class task;
template <class T>
class task_completion_event;

// Where a continuation runs. Every context is the PPL's thread pool here (Linux has
// no apartments): the choice is accepted and changes nothing.
class task_continuation_context {
 public:
  static task_continuation_context use_default() { return task_continuation_context(); }
  static task_continuation_context use_arbitrary() { return task_continuation_context(); }
  static task_continuation_context use_current() { return task_continuation_context(); }
  static task_continuation_context use_synchronous_execution() {
    return task_continuation_context();
  }

 private:
  task_continuation_context() = default;
};

// A task's options: its cancellation token (the continuation context is accepted,
// see above).
class task_options {
 public:
  task_options() : _M_token(cancellation_token::none()) {}
  task_options(cancellation_token token) : _M_token(token), _M_has_token(true) {}
  task_options(task_continuation_context) : _M_token(cancellation_token::none()) {}
  task_options(cancellation_token token, task_continuation_context)
      : _M_token(token), _M_has_token(true) {}
  bool has_cancellation_token() const { return _M_has_token; }
  cancellation_token get_cancellation_token() const { return _M_token; }
  void set_cancellation_token(cancellation_token token) {
    _M_token = token;
    _M_has_token = true;
  }
  void set_continuation_context(task_continuation_context) {}
  bool has_scheduler() const { return false; }

 private:
  cancellation_token _M_token;
  bool _M_has_token = false;
};

namespace __ampcl {

// A task's state with its value.
template <class T>
class task_state : public task_state_base {
 public:
  using task_state_base::task_state_base;
  template <class U>
  bool finish_value(U&& v) {
    if (!claim()) return false;
    try {
      _M_value.emplace(std::forward<U>(v));
    } catch (...) {
      publish(done_error, std::current_exception());
      return true;
    }
    publish(done_value, nullptr);
    return true;
  }
  // Once the task finished with a value.
  const T& value() const { return *_M_value; }

 private:
  std::optional<T> _M_value;
};
template <>
class task_state<void> : public task_state_base {
 public:
  using task_state_base::task_state_base;
  bool finish_value() {
    if (!claim()) return false;
    publish(done_value, nullptr);
    return true;
  }
};

template <class T>
std::shared_ptr<task_state<T>> new_state(const cancellation_token& token) {
  auto s = std::make_shared<task_state<T>>(token._State());
  s->watch_token(s);
  return s;
}

// Finishes `to` as `from` finished.
template <class T>
void forward_result(task_state<T>& to, const task_state<T>& from) {
  switch (from.phase()) {
    case task_state_base::done_value:
      if constexpr (std::is_void<T>::value)
        to.finish_value();
      else
        to.finish_value(from.value());
      break;
    case task_state_base::done_canceled:
      to.finish_canceled();
      break;
    case task_state_base::done_error:
      to.finish_error(from.error());
      break;
    default:
      break;
  }
}

template <class T>
struct is_task : std::false_type {};
template <class T>
struct is_task<task<T>> : std::true_type {};
template <class T>
struct is_task_completion_event : std::false_type {};
template <class T>
struct is_task_completion_event<task_completion_event<T>> : std::true_type {};

// A function's result as a task's value type: a returned task<U> is unwrapped to U.
template <class R>
struct unwrapped {
  using type = R;
};
template <class U>
struct unwrapped<task<U>> {
  using type = U;
};
template <class F, class... Args>
using body_result = typename unwrapped<std::decay_t<std::invoke_result_t<F&, Args...>>>::type;

struct from_state_t {};

// Runs a task's body into its state: the body's value, its task's result (a
// returned task is waited for without blocking), its exception, or its cancellation
// (task_canceled, which cancel_current_task throws and get() of a canceled task too).
template <class T, class Body>
void execute(const std::shared_ptr<task_state<T>>& s, Body& body) {
  if (!s->try_start()) return;
  running_task in_body(s.get());
  try {
    using R = std::decay_t<decltype(body())>;
    if constexpr (is_task<R>::value) {
      R inner = body();
      if (!inner._State())
        throw invalid_operation(
            "a task's function returned an empty task (default-constructed), which never "
            "finishes: return a task made by create_task or then()");
      auto in = inner._State();
      in->when_done([s, in] { forward_result(*s, *in); });
    } else if constexpr (std::is_void<R>::value) {
      body();
      s->finish_value();
    } else {
      s->finish_value(body());
    }
  } catch (const task_canceled&) {
    s->finish_canceled();
  } catch (...) {
    s->finish_error(std::current_exception());
  }
}

// A continuation `F` of a task<T>: value-based when it takes the value (or nothing,
// for task<void>), task-based when it takes the task.
template <class T>
struct value_args {
  template <class F>
  static constexpr bool takes() {
    return std::is_invocable<const F&, const T&>::value;
  }
};
template <>
struct value_args<void> {
  template <class F>
  static constexpr bool takes() {
    return std::is_invocable<const F&>::value;
  }
};
template <class T, class F, bool ByValue = value_args<T>::template takes<F>()>
struct continuation {
  static constexpr bool by_value = true;
  using result = body_result<const F, const T&>;
};
template <class F>
struct continuation<void, F, true> {
  static constexpr bool by_value = true;
  using result = body_result<const F>;
};
template <class T, class F>
struct continuation<T, F, false> {
  static_assert(std::is_invocable<const F&, task<T>>::value,
                "task<T>::then(f): f must take the task's value (a value-based continuation; "
                "nothing for task<void>) or the task itself (task<T>, a task-based one)");
  static constexpr bool by_value = false;
  using result = body_result<const F, task<T>>;
};

// when_all's value: the values in order; task<std::vector<T>>s' vectors joined.
template <class T>
struct all_values {
  using type = std::vector<T>;
  static void append(type& out, const T& v) { out.push_back(v); }
};
template <class T, class A>
struct all_values<std::vector<T, A>> {
  using type = std::vector<T, A>;
  static void append(type& out, const type& v) { out.insert(out.end(), v.begin(), v.end()); }
};
template <>
struct all_values<void> {
  using type = void;
};
template <class T>
struct any_value {
  using type = std::pair<T, std::size_t>;
};
template <>
struct any_value<void> {
  using type = std::size_t;
};

[[noreturn]] inline void empty_task(const char* what) {
  throw invalid_operation((std::string(what) +
                           " of an empty task (default-constructed): assign it a task made by "
                           "create_task, then() or when_all first")
                              .c_str());
}

}  // namespace __ampcl

// An asynchronous operation with a result of type T (void: none).
template <class T>
class task {
 public:
  typedef T result_type;

  // An empty task: get(), wait() and then() throw invalid_operation until one is assigned.
  task() = default;
  // A task running `param` (a function taking nothing and returning T or task<T>),
  // or completed by `param` (a task_completion_event<T>).
  template <class Param>
  explicit task(Param param, const task_options& options = task_options()) {
    using P = std::decay_t<Param>;
    const cancellation_token token = options.get_cancellation_token();
    if constexpr (__ampcl::is_task_completion_event<P>::value) {
      static_assert(std::is_same<typename P::result_type, T>::value,
                    "task<T>(e): the task_completion_event must be of the task's type T");
      _M_state = __ampcl::new_state<T>(token);
      param._Link(_M_state);
    } else if constexpr (__ampcl::is_task<P>::value) {
      static_assert(std::is_same<typename P::result_type, T>::value,
                    "task<T>(t): t must be a task<T> of the same T");
      _M_state = param._State();
    } else {
      static_assert(std::is_invocable<P&>::value,
                    "task<T>(f): f must be callable with no arguments and return T or task<T>");
      using R = std::decay_t<std::invoke_result_t<P&>>;
      static_assert(__ampcl::is_task<R>::value
                        ? std::is_same<typename __ampcl::unwrapped<R>::type, T>::value
                    : std::is_void<T>::value ? std::is_void<R>::value
                                             : std::is_convertible<R, T>::value,
                    "task<T>(f): f must return T (or a task<T>)");
      auto s = __ampcl::new_state<T>(token);
      _M_state = s;
      __ampcl::ppl_enqueue([s, f = P(std::move(param))]() mutable { __ampcl::execute(s, f); });
    }
  }
  // For the library: the task of a state.
  task(__ampcl::from_state_t, std::shared_ptr<__ampcl::task_state<T>> s) : _M_state(std::move(s)) {}

  // Waits for the task; its value, or its exception rethrown, or task_canceled.
  T get() const {
    auto& s = checked("get()");
    s.wait_done();
    rethrow(s);
    if (s.phase() == __ampcl::task_state_base::done_canceled)
      throw task_canceled("task::get(): the task was canceled");
    if constexpr (!std::is_void<T>::value) return s.value();
  }
  // Waits for the task: completed or canceled; its exception rethrown.
  task_status wait() const {
    auto& s = checked("wait()");
    s.wait_done();
    rethrow(s);
    return s.phase() == __ampcl::task_state_base::done_canceled ? canceled : completed;
  }
  bool is_done() const { return checked("is_done()").is_done(); }
  bool is_apartment_aware() const { return false; }

  // Runs `f` when this task finished: with its value (value-based: not run when the
  // task failed or was canceled, the result then fails or is canceled the same way)
  // or with the task (task-based: always run). A value-based continuation takes this
  // task's cancellation token unless `options` gives one.
  template <class Function>
  auto then(const Function& f, const task_options& options = task_options()) const
      -> task<typename __ampcl::continuation<T, Function>::result> {
    using C = __ampcl::continuation<T, Function>;
    using R = typename C::result;
    checked("then()");
    const std::shared_ptr<__ampcl::task_state<T>> ante = _M_state;
    cancellation_token token = options.get_cancellation_token();
    if (!options.has_cancellation_token() && C::by_value && ante->token())
      token = cancellation_token(ante->token());
    auto s = __ampcl::new_state<R>(token);
    ante->when_done([s, ante, fn = Function(f)]() mutable {
      if constexpr (C::by_value) {
        if (ante->phase() == __ampcl::task_state_base::done_canceled) {
          s->finish_canceled();
          return;
        }
        if (ante->phase() == __ampcl::task_state_base::done_error) {
          s->finish_error(ante->error());
          return;
        }
        auto body = [&]() -> decltype(auto) {
          if constexpr (std::is_void<T>::value)
            return fn();
          else
            return fn(ante->value());
        };
        __ampcl::execute(s, body);
      } else {
        const task<T> done(__ampcl::from_state_t{}, ante);
        auto body = [&]() -> decltype(auto) { return fn(done); };
        __ampcl::execute(s, body);
      }
    });
    return task<R>(__ampcl::from_state_t{}, s);
  }
  template <class Function>
  auto then(const Function& f, cancellation_token token, task_continuation_context context) const {
    return then(f, task_options(token, context));
  }

  bool operator==(const task& o) const { return _M_state == o._M_state; }
  bool operator!=(const task& o) const { return _M_state != o._M_state; }

  // For the library.
  const std::shared_ptr<__ampcl::task_state<T>>& _State() const { return _M_state; }

 private:
  __ampcl::task_state<T>& checked(const char* what) const {
    if (!_M_state) __ampcl::empty_task((std::string("task::") + what).c_str());
    return *_M_state;
  }
  static void rethrow(const __ampcl::task_state<T>& s) {
    if (s.phase() == __ampcl::task_state_base::done_error) std::rethrow_exception(s.error());
  }
  std::shared_ptr<__ampcl::task_state<T>> _M_state;
};

// An event that completes the tasks made from it (create_task(e)) when set.
template <class T>
class task_completion_event {
 public:
  typedef T result_type;
  task_completion_event() : _M_state(std::make_shared<state>()) {}

  // Completes the tasks with `value`; false (and nothing done) when already set.
  template <class U = T, class = std::enable_if_t<!std::is_void<U>::value>>
  bool set(U value) const {
    std::vector<std::shared_ptr<__ampcl::task_state<T>>> tasks;
    {
      std::lock_guard<std::mutex> lock(_M_state->mutex);
      if (_M_state->set) return false;
      _M_state->set = true;
      _M_state->value.emplace(std::move(value));
      tasks.swap(_M_state->tasks);
    }
    for (auto& t : tasks) t->finish_value(*_M_state->value);
    return true;
  }
  template <class U = T, class = std::enable_if_t<std::is_void<U>::value>>
  bool set() const {
    std::vector<std::shared_ptr<__ampcl::task_state<T>>> tasks;
    {
      std::lock_guard<std::mutex> lock(_M_state->mutex);
      if (_M_state->set) return false;
      _M_state->set = true;
      tasks.swap(_M_state->tasks);
    }
    for (auto& t : tasks) finish(*t);
    return true;
  }
  // Completes the tasks with an exception, which their get() throws.
  template <class E>
  bool set_exception(E e) const {
    return set_exception(std::make_exception_ptr(e));
  }
  bool set_exception(std::exception_ptr e) const {
    std::vector<std::shared_ptr<__ampcl::task_state<T>>> tasks;
    {
      std::lock_guard<std::mutex> lock(_M_state->mutex);
      if (_M_state->set) return false;
      _M_state->set = true;
      _M_state->error = e;
      tasks.swap(_M_state->tasks);
    }
    for (auto& t : tasks) t->finish_error(e);
    return true;
  }

  // For task<T>(e): `s` finishes when the event is set.
  void _Link(const std::shared_ptr<__ampcl::task_state<T>>& s) const {
    {
      std::lock_guard<std::mutex> lock(_M_state->mutex);
      if (!_M_state->set) {
        _M_state->tasks.push_back(s);
        return;
      }
    }
    finish(*s);
  }

 private:
  struct value_slot {
    std::optional<T> value;
  };
  struct no_value {};
  struct state : std::conditional_t<std::is_void<T>::value, no_value, value_slot> {
    std::mutex mutex;
    bool set = false;
    std::exception_ptr error;
    std::vector<std::shared_ptr<__ampcl::task_state<T>>> tasks;
  };
  // `s` as the (set) event says.
  void finish(__ampcl::task_state<T>& s) const {
    if (_M_state->error)
      s.finish_error(_M_state->error);
    else if constexpr (std::is_void<T>::value)
      s.finish_value();
    else
      s.finish_value(*_M_state->value);
  }
  std::shared_ptr<state> _M_state;
};

namespace __ampcl {
template <class Param>
struct created_task {
  using type = body_result<std::decay_t<Param>>;
};
template <class T>
struct created_task<task_completion_event<T>> {
  using type = T;
};
template <class T>
struct created_task<task<T>> {
  using type = T;
};
}  // namespace __ampcl

// A task running `param` (a function; a returned task is unwrapped), or completed by
// a task_completion_event, or the task itself.
template <class Param>
auto create_task(Param param, const task_options& options = task_options())
    -> task<typename __ampcl::created_task<std::decay_t<Param>>::type> {
  return task<typename __ampcl::created_task<std::decay_t<Param>>::type>(std::move(param), options);
}

// A task that completed with `value` (with nothing, for task<void>).
template <class T>
task<T> task_from_result(T value, const task_options& options = task_options()) {
  task_completion_event<T> e;
  e.set(std::move(value));
  return task<T>(e, options);
}
inline task<void> task_from_result(const task_options& options = task_options()) {
  task_completion_event<void> e;
  e.set();
  return task<void>(e, options);
}
// A task that failed with `exception`.
template <class T, class E>
task<T> task_from_exception(E exception, const task_options& options = task_options()) {
  task_completion_event<T> e;
  e.set_exception(exception);
  return task<T>(e, options);
}

// A task that completes when all the tasks in [first, last) completed: their values
// in order (task<std::vector<T>>s' vectors joined; nothing for task<void>). The first
// to fail or be canceled makes it fail or canceled at once.
template <class Iterator>
auto when_all(Iterator first, Iterator last, const task_options& options = task_options())
    -> task<typename __ampcl::all_values<
        typename std::iterator_traits<Iterator>::value_type::result_type>::type> {
  using T = typename std::iterator_traits<Iterator>::value_type::result_type;
  using R = typename __ampcl::all_values<T>::type;
  std::vector<task<T>> inputs(first, last);
  for (const task<T>& t : inputs)
    if (!t._State()) __ampcl::empty_task("when_all");
  auto s = __ampcl::new_state<R>(options.get_cancellation_token());
  struct gather {
    std::mutex mutex;
    std::size_t left;
    std::vector<std::conditional_t<std::is_void<T>::value, char, std::optional<T>>> values;
  };
  auto g = std::make_shared<gather>();
  g->left = inputs.size();
  g->values.resize(inputs.size());
  auto done = [s, g] {
    if constexpr (std::is_void<T>::value) {
      s->finish_value();
    } else {
      R all;
      for (auto& v : g->values) __ampcl::all_values<T>::append(all, *v);
      s->finish_value(std::move(all));
    }
  };
  if (inputs.empty()) done();
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    auto in = inputs[i]._State();
    in->when_done([s, g, in, i, done] {
      (void)i;
      if (in->phase() == __ampcl::task_state_base::done_canceled) {
        s->finish_canceled();
        return;
      }
      if (in->phase() == __ampcl::task_state_base::done_error) {
        s->finish_error(in->error());
        return;
      }
      bool last_one;
      {
        std::lock_guard<std::mutex> lock(g->mutex);
        if constexpr (!std::is_void<T>::value) g->values[i].emplace(in->value());
        last_one = --g->left == 0;
      }
      if (last_one) done();
    });
  }
  return task<R>(__ampcl::from_state_t{}, s);
}
template <class Iterator>
auto when_all(Iterator first, Iterator last, cancellation_token token) {
  return when_all(first, last, task_options(token));
}

// A task that completes when the first of [first, last) completes successfully:
// its value and index (only the index for task<void>). When all of them fail or are
// canceled, it fails with one of their exceptions, or is canceled.
template <class Iterator>
auto when_any(Iterator first, Iterator last, const task_options& options = task_options())
    -> task<typename __ampcl::any_value<
        typename std::iterator_traits<Iterator>::value_type::result_type>::type> {
  using T = typename std::iterator_traits<Iterator>::value_type::result_type;
  using R = typename __ampcl::any_value<T>::type;
  std::vector<task<T>> inputs(first, last);
  if (inputs.empty())
    throw invalid_operation("when_any: the range of tasks is empty, so none would ever complete");
  for (const task<T>& t : inputs)
    if (!t._State()) __ampcl::empty_task("when_any");
  auto s = __ampcl::new_state<R>(options.get_cancellation_token());
  struct race {
    std::mutex mutex;
    std::size_t failed = 0;
    std::exception_ptr error;
  };
  auto r = std::make_shared<race>();
  const std::size_t n = inputs.size();
  for (std::size_t i = 0; i < n; ++i) {
    auto in = inputs[i]._State();
    in->when_done([s, r, in, i, n] {
      (void)i;
      if (in->phase() == __ampcl::task_state_base::done_value) {
        if constexpr (std::is_void<T>::value)
          s->finish_value(i);
        else
          s->finish_value(R(in->value(), i));
        return;
      }
      std::exception_ptr error;
      {
        std::lock_guard<std::mutex> lock(r->mutex);
        if (!r->error) r->error = in->error();
        if (++r->failed < n) return;
        error = r->error;
      }
      if (error)
        s->finish_error(error);
      else
        s->finish_canceled();
    });
  }
  return task<R>(__ampcl::from_state_t{}, s);
}
template <class Iterator>
auto when_any(Iterator first, Iterator last, cancellation_token token) {
  return when_any(first, last, task_options(token));
}

// a && b: when_all of the two (task<std::vector<T>>s' vectors joined).
template <class T>
task<std::vector<T>> operator&&(const task<T>& a, const task<T>& b) {
  const task<T> both[] = {a, b};
  return when_all(both, both + 2);
}
template <class T>
task<std::vector<T>> operator&&(const task<std::vector<T>>& a, const task<std::vector<T>>& b) {
  const task<std::vector<T>> both[] = {a, b};
  return when_all(both, both + 2);
}
template <class T>
task<std::vector<T>> operator&&(const task<std::vector<T>>& a, const task<T>& b) {
  return a && b.then([](const T& v) { return std::vector<T>(1, v); });
}
template <class T>
task<std::vector<T>> operator&&(const task<T>& a, const task<std::vector<T>>& b) {
  return a.then([](const T& v) { return std::vector<T>(1, v); }) && b;
}
inline task<void> operator&&(const task<void>& a, const task<void>& b) {
  const task<void> both[] = {a, b};
  return when_all(both, both + 2);
}

// a || b: the first of the two to complete successfully.
template <class T>
task<T> operator||(const task<T>& a, const task<T>& b) {
  const task<T> both[] = {a, b};
  return when_any(both, both + 2).then([](const std::pair<T, std::size_t>& p) { return p.first; });
}
template <class T>
task<std::vector<T>> operator||(const task<std::vector<T>>& a, const task<T>& b) {
  return a || b.then([](const T& v) { return std::vector<T>(1, v); });
}
template <class T>
task<std::vector<T>> operator||(const task<T>& a, const task<std::vector<T>>& b) {
  return a.then([](const T& v) { return std::vector<T>(1, v); }) || b;
}
inline task<void> operator||(const task<void>& a, const task<void>& b) {
  const task<void> both[] = {a, b};
  return when_any(both, both + 2).then([](std::size_t) {});
}

}  // namespace Concurrency
