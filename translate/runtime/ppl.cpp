// The scheduler behind the PPL companion headers (<ppltasks.h>, <concrt.h>;
// docs/companion_headers.md), on oneTBB: PPL tasks and continuations are tasks
// enqueued in one oneTBB arena. A task's body that waits (task::get, task::wait,
// event::wait without a timeout) is suspended with oneTBB's resumable tasks, so its
// thread runs other tasks meanwhile, as the Concurrency Runtime's cooperative
// blocking does; threads that are not the arena's (main, std::thread) block.
#include <ampcl/concurrency/ppl/base.h>
#include <concrt.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/task.h>
#include <oneapi/tbb/task_arena.h>
#include <oneapi/tbb/task_group.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <stdexcept>
#include <thread>
#include <type_traits>

static_assert(std::is_pointer<tbb::task::suspend_point>::value,
              "oneTBB's suspend_point is kept as a void* (base.h has no oneTBB header)");

namespace Concurrency {
namespace __ampcl {

namespace {

// One arena for every PPL task, never destroyed: continuations may still run while
// the program exits. Its default concurrency asks oneTBB for as many workers as it
// has (the machine's threads less one): no warning about workers it cannot give.
tbb::task_arena& arena() {
  static tbb::task_arena* const a = new tbb::task_arena();
  return *a;
}

// Thread-local state, read and written only through these functions: a suspended
// task may go on on another thread, and a compiler may keep the address of a
// thread-local variable across a call within one function.
__attribute__((noinline)) bool& worker_slot() {
  static thread_local bool worker = false;
  return worker;
}
__attribute__((noinline)) task_state_base*& current_slot() {
  static thread_local task_state_base* current = nullptr;
  return current;
}
__attribute__((noinline)) bool is_worker() {
  return worker_slot();
}
__attribute__((noinline)) void set_current(task_state_base* t) {
  current_slot() = t;
}

// Work items queued or running, not suspended. A task's result is published
// before its work item ends (its closure is destroyed after), and continuations
// are queued after it: a program that returns from main as soon as it has the
// result would run its static destructors under them, and lose the continuations.
// Exit waits for these (never for suspended ones: they may wait for ever).
std::atomic<long>& live_items() {
  static std::atomic<long> count{0};
  return count;
}

// At exit, from any thread but a worker's (a task that calls exit is one of them).
// Bounded: a program may leave a task looping in the background.
void finish_live_items_at_exit() {
  if (is_worker()) return;
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (live_items().load() > 0 && std::chrono::steady_clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

// Waits cooperatively on one of the arena's threads: suspends the running oneTBB
// task, hands its suspend point to `add_waiter` (which resumes it at once when what
// it waits for happened meanwhile, else keeps it for whoever makes it happen), and
// restores the running task's slot on the thread it goes on on.
template <class Register>
void suspend_until(Register&& add_waiter) {
  task_state_base* const current = current_task();
  live_items().fetch_sub(1);
  tbb::task::suspend([&](tbb::task::suspend_point sp) { add_waiter(sp); });
  live_items().fetch_add(1);
  set_current(current);
}

}  // namespace

namespace {
// One work item in the arena (oneTBB calls it as const): its function is moved
// out and run, and is gone before the item stops counting as live.
struct work_item {
  mutable std::function<void()> work;
  void operator()() const {
    {
      const std::function<void()> item = std::move(work);
      worker_slot() = true;
      set_current(nullptr);
      try {
        item();
      } catch (const std::exception& e) {
        // Bodies' exceptions go to their tasks (execute); this is the library's own.
        std::fprintf(stderr, "ampcl: an exception escaped a PPL task: %s\n", e.what());
        std::terminate();
      }
    }
    live_items().fetch_sub(1);
  }
};
}  // namespace

void ppl_enqueue(std::function<void()> work) {
  static const bool exit_waits = std::atexit(finish_live_items_at_exit) == 0;
  (void)exit_waits;
  live_items().fetch_add(1);
  arena().enqueue(work_item{std::move(work)});
}

task_state_base::task_state_base(std::shared_ptr<token_state> token) : _M_token(std::move(token)) {}
task_state_base::~task_state_base() = default;

bool task_state_base::try_start() {
  std::lock_guard<std::mutex> lock(_M_mutex);
  if (_M_claimed || _M_phase != pending) return false;
  _M_phase = running;
  return true;
}

bool task_state_base::is_done() const {
  std::lock_guard<std::mutex> lock(_M_mutex);
  return _M_phase > running;
}

task_state_base::phase_t task_state_base::phase() const {
  std::lock_guard<std::mutex> lock(_M_mutex);
  return _M_phase;
}

std::exception_ptr task_state_base::error() const {
  std::lock_guard<std::mutex> lock(_M_mutex);
  return _M_error;
}

void task_state_base::wait_done() {
  {
    std::unique_lock<std::mutex> lock(_M_mutex);
    if (_M_phase > running) return;
    if (!is_worker()) {
      _M_done.wait(lock, [this] { return _M_phase > running; });
      return;
    }
  }
  suspend_until([this](tbb::task::suspend_point sp) {
    std::unique_lock<std::mutex> lock(_M_mutex);
    if (_M_phase > running) {
      lock.unlock();
      tbb::task::resume(sp);
    } else {
      _M_suspended.push_back(sp);
    }
  });
  // The value was stored before the phase changed, under the lock.
  std::lock_guard<std::mutex> lock(_M_mutex);
}

bool task_state_base::claim() {
  std::lock_guard<std::mutex> lock(_M_mutex);
  if (_M_claimed || _M_phase > running) return false;
  _M_claimed = true;
  return true;
}

bool task_state_base::finish_canceled() {
  if (!claim()) return false;
  publish(done_canceled, nullptr);
  return true;
}

bool task_state_base::finish_error(std::exception_ptr e) {
  if (!claim()) return false;
  publish(done_error, std::move(e));
  return true;
}

void task_state_base::cancel_if_not_started() {
  {
    std::lock_guard<std::mutex> lock(_M_mutex);
    if (_M_claimed || _M_phase != pending) return;
    _M_claimed = true;
  }
  publish(done_canceled, nullptr);
}

void task_state_base::publish(phase_t p, std::exception_ptr e) {
  std::vector<std::function<void()>> continuations;
  std::vector<void*> suspended;
  unsigned long long callback;
  {
    std::lock_guard<std::mutex> lock(_M_mutex);
    _M_phase = p;
    _M_error = std::move(e);
    continuations.swap(_M_continuations);
    suspended.swap(_M_suspended);
    callback = _M_token_callback;
    _M_token_callback = 0;
  }
  _M_done.notify_all();
  for (void* sp : suspended) tbb::task::resume(static_cast<tbb::task::suspend_point>(sp));
  for (auto& c : continuations) ppl_enqueue(std::move(c));
  if (callback) _M_token->remove(callback);
}

void task_state_base::when_done(std::function<void()> f) {
  {
    std::lock_guard<std::mutex> lock(_M_mutex);
    if (_M_phase <= running) {
      _M_continuations.push_back(std::move(f));
      return;
    }
  }
  ppl_enqueue(std::move(f));
}

void task_state_base::watch_token(const std::shared_ptr<task_state_base>& self) {
  if (!_M_token) return;
  std::weak_ptr<task_state_base> weak = self;
  const unsigned long long id = _M_token->add([weak] {
    if (auto s = weak.lock()) s->cancel_if_not_started();
  });
  if (!id) return;  // canceled already: the callback ran
  bool finished;
  {
    std::lock_guard<std::mutex> lock(_M_mutex);
    finished = _M_phase > running;
    if (!finished) _M_token_callback = id;
  }
  if (finished) _M_token->remove(id);
}

running_task::running_task(task_state_base* t) {
  set_current(t);
}
running_task::~running_task() {
  set_current(nullptr);
}

task_state_base* current_task() {
  return current_slot();
}

// ---- <concrt.h>'s event ---------------------------------------------------------

namespace {
// Every event shares one lock and one condition: events are few and coarse.
std::mutex& events_mutex() {
  static std::mutex* const m = new std::mutex;
  return *m;
}
std::condition_variable& events_changed() {
  static std::condition_variable* const c = new std::condition_variable;
  return *c;
}
}  // namespace

struct event_state {
  bool set = false;
  std::vector<tbb::task::suspend_point> suspended;
};

}  // namespace __ampcl

bool is_task_cancellation_requested() {
  __ampcl::task_state_base* t = __ampcl::current_task();
  return t && t->token() && t->token()->canceled.load();
}

void cancel_current_task() {
  throw task_canceled("cancel_current_task(): the task was canceled by its own body");
}

event::event() : _M_state(new __ampcl::event_state) {}
event::~event() {
  delete _M_state;
}

void event::set() {
  std::vector<tbb::task::suspend_point> suspended;
  {
    std::lock_guard<std::mutex> lock(__ampcl::events_mutex());
    _M_state->set = true;
    suspended.swap(_M_state->suspended);
  }
  __ampcl::events_changed().notify_all();
  for (auto sp : suspended) tbb::task::resume(sp);
}

void event::reset() {
  std::lock_guard<std::mutex> lock(__ampcl::events_mutex());
  _M_state->set = false;
}

std::size_t event::wait(unsigned int timeout) {
  std::unique_lock<std::mutex> lock(__ampcl::events_mutex());
  if (_M_state->set) return 0;
  if (timeout == COOPERATIVE_TIMEOUT_INFINITE && __ampcl::is_worker()) {
    lock.unlock();
    __ampcl::suspend_until([this](tbb::task::suspend_point sp) {
      std::unique_lock<std::mutex> l(__ampcl::events_mutex());
      if (_M_state->set) {
        l.unlock();
        tbb::task::resume(sp);
      } else {
        _M_state->suspended.push_back(sp);
      }
    });
    return 0;
  }
  auto ready = [this] { return _M_state->set; };
  if (timeout == COOPERATIVE_TIMEOUT_INFINITE) {
    __ampcl::events_changed().wait(lock, ready);
    return 0;
  }
  return __ampcl::events_changed().wait_for(lock, std::chrono::milliseconds(timeout), ready)
             ? 0
             : COOPERATIVE_WAIT_TIMEOUT;
}

std::size_t event::wait_for_multiple(event** events, std::size_t count, bool wait_all,
                                     unsigned int timeout) {
  if (!events && count) throw std::invalid_argument("event::wait_for_multiple: events is null");
  std::size_t which = COOPERATIVE_WAIT_TIMEOUT;
  auto ready = [&] {
    std::size_t set = 0;
    for (std::size_t i = 0; i < count; ++i)
      if (events[i]->_M_state->set) {
        if (!wait_all) {
          which = i;
          return true;
        }
        ++set;
      }
    if (wait_all && set == count) which = 0;
    return wait_all && set == count;
  };
  std::unique_lock<std::mutex> lock(__ampcl::events_mutex());
  if (timeout == COOPERATIVE_TIMEOUT_INFINITE)
    __ampcl::events_changed().wait(lock, ready);
  else if (!__ampcl::events_changed().wait_for(lock, std::chrono::milliseconds(timeout), ready))
    return COOPERATIVE_WAIT_TIMEOUT;
  return which;
}

void wait(unsigned int milliseconds) {
  std::this_thread::sleep_for(std::chrono::milliseconds(milliseconds));
}

unsigned int GetProcessorCount() {
  const unsigned int n = std::thread::hardware_concurrency();
  return n ? n : 1;
}

unsigned int GetProcessorNodeCount() {
  const auto nodes = tbb::info::numa_nodes();
  return nodes.empty() ? 1u : static_cast<unsigned int>(nodes.size());
}

unsigned int CurrentScheduler::GetNumberOfVirtualProcessors() {
  return static_cast<unsigned int>(tbb::info::default_concurrency());
}

void Context::Yield() {
  std::this_thread::yield();
}

void Context::Oversubscribe(bool) {}

unsigned int Context::VirtualProcessorId() {
  const int slot = tbb::this_task_arena::current_thread_index();
  return slot < 0 ? static_cast<unsigned int>(-1) : static_cast<unsigned int>(slot);
}

bool Context::IsCurrentTaskCollectionCanceling() {
  return tbb::is_current_task_group_canceling();
}

}  // namespace Concurrency
