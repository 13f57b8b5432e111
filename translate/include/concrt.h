// <concrt.h>: the Concurrency Runtime's synchronization and context functions, as
// Visual C++ ships them, on oneTBB and the C++ library (docs/companion_headers.md):
// critical_section, reader_writer_lock, event, wait, GetProcessorCount,
// GetProcessorNodeCount, Context::Yield/Oversubscribe/VirtualProcessorId,
// CurrentScheduler::GetNumberOfVirtualProcessors, and the runtime's exceptions.
// Scheduler policies, schedule groups and the Asynchronous Agents Library are not
// here. The functions that are not templates live in libampcl_amp (link -ltbb too).
#pragma once

// The order matters: the macros are set aside around oneTBB's headers.
// clang-format off
#include <ampcl/concurrency/macros_push.h>
#include <ampcl/concurrency/ppl/base.h>
#include <ampcl/concurrency/ppl/tbb_push.h>
#include <oneapi/tbb/rw_mutex.h>
#include <ampcl/concurrency/ppl/tbb_pop.h>
// clang-format on

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <thread>

namespace Concurrency {

// event::wait's "no timeout", and what a wait that timed out returns.
constexpr unsigned int COOPERATIVE_TIMEOUT_INFINITE = static_cast<unsigned int>(-1);
constexpr std::size_t COOPERATIVE_WAIT_TIMEOUT = SIZE_MAX;

// A non-recursive mutex: locking it again from the thread that holds it throws
// improper_lock.
class critical_section {
 public:
  typedef critical_section& native_handle_type;

  critical_section() = default;
  critical_section(const critical_section&) = delete;
  critical_section& operator=(const critical_section&) = delete;

  void lock() {
    if (_M_owner.load() == std::this_thread::get_id())
      throw improper_lock("critical_section::lock: this thread holds the lock already");
    _M_mutex.lock();
    _M_owner.store(std::this_thread::get_id());
  }
  bool try_lock() {
    if (_M_owner.load() == std::this_thread::get_id() || !_M_mutex.try_lock()) return false;
    _M_owner.store(std::this_thread::get_id());
    return true;
  }
  // Waits at most `timeout` milliseconds for the lock.
  bool try_lock_for(unsigned int timeout) {
    if (_M_owner.load() == std::this_thread::get_id()) return false;
    if (!_M_mutex.try_lock_for(std::chrono::milliseconds(timeout))) return false;
    _M_owner.store(std::this_thread::get_id());
    return true;
  }
  void unlock() {
    _M_owner.store(std::thread::id());
    _M_mutex.unlock();
  }
  native_handle_type native_handle() { return *this; }

  // Holds the lock for its scope.
  class scoped_lock {
   public:
    explicit scoped_lock(critical_section& cs) : _M_cs(cs) { _M_cs.lock(); }
    ~scoped_lock() { _M_cs.unlock(); }
    scoped_lock(const scoped_lock&) = delete;
    scoped_lock& operator=(const scoped_lock&) = delete;

   private:
    critical_section& _M_cs;
  };

 private:
  std::timed_mutex _M_mutex;
  std::atomic<std::thread::id> _M_owner{};
};

// A writer-preferring reader/writer lock (oneTBB's rw_mutex): readers share it,
// a writer waiting keeps new readers out. Not recursive: lock() by the thread that
// holds it for writing throws improper_lock.
class reader_writer_lock {
 public:
  reader_writer_lock() = default;
  reader_writer_lock(const reader_writer_lock&) = delete;
  reader_writer_lock& operator=(const reader_writer_lock&) = delete;

  void lock() {
    if (_M_writer.load() == std::this_thread::get_id())
      throw improper_lock("reader_writer_lock::lock: this thread holds the lock for writing");
    _M_mutex.lock();
    _M_writer.store(std::this_thread::get_id());
    _M_writing.store(true);
  }
  bool try_lock() {
    if (!_M_mutex.try_lock()) return false;
    _M_writer.store(std::this_thread::get_id());
    _M_writing.store(true);
    return true;
  }
  void lock_read() {
    if (_M_writer.load() == std::this_thread::get_id())
      throw improper_lock("reader_writer_lock::lock_read: this thread holds the lock for writing");
    _M_mutex.lock_shared();
  }
  bool try_lock_read() { return _M_mutex.try_lock_shared(); }
  // Releases the lock, held for writing or for reading.
  void unlock() {
    if (_M_writing.exchange(false)) {
      _M_writer.store(std::thread::id());
      _M_mutex.unlock();
    } else {
      _M_mutex.unlock_shared();
    }
  }

  // Hold the lock for their scope, for writing and for reading.
  class scoped_lock {
   public:
    explicit scoped_lock(reader_writer_lock& l) : _M_lock(l) { _M_lock.lock(); }
    ~scoped_lock() { _M_lock.unlock(); }
    scoped_lock(const scoped_lock&) = delete;
    scoped_lock& operator=(const scoped_lock&) = delete;

   private:
    reader_writer_lock& _M_lock;
  };
  class scoped_lock_read {
   public:
    explicit scoped_lock_read(reader_writer_lock& l) : _M_lock(l) { _M_lock.lock_read(); }
    ~scoped_lock_read() { _M_lock.unlock(); }
    scoped_lock_read(const scoped_lock_read&) = delete;
    scoped_lock_read& operator=(const scoped_lock_read&) = delete;

   private:
    reader_writer_lock& _M_lock;
  };

 private:
  tbb::rw_mutex _M_mutex;
  std::atomic<std::thread::id> _M_writer{};
  std::atomic<bool> _M_writing{false};
};

namespace __ampcl {
struct event_state;
}

// A manual-reset event. wait() without a timeout in a PPL task suspends the task
// (its thread runs other tasks), as the Concurrency Runtime's cooperative wait does.
class event {
 public:
  event();
  ~event();
  event(const event&) = delete;
  event& operator=(const event&) = delete;

  void set();
  void reset();
  // 0 once the event is set; COOPERATIVE_WAIT_TIMEOUT when `timeout` ms ran out.
  std::size_t wait(unsigned int timeout = COOPERATIVE_TIMEOUT_INFINITE);
  // Waits for one of `count` events (the index of one that is set) or for all of
  // them (wait_all: then any value but COOPERATIVE_WAIT_TIMEOUT).
  static std::size_t wait_for_multiple(event** events, std::size_t count, bool wait_all,
                                       unsigned int timeout = COOPERATIVE_TIMEOUT_INFINITE);

 private:
  __ampcl::event_state* _M_state;
};

// Sleeps for `milliseconds`.
void wait(unsigned int milliseconds);

// The machine's hardware threads, and its NUMA nodes (1 without oneTBB's tbbbind).
unsigned int GetProcessorCount();
unsigned int GetProcessorNodeCount();

// The running context (here: the thread).
class Context {
 public:
  static void Yield();
  // Accepted; oneTBB sizes its pool itself.
  static void Oversubscribe(bool begin);
  // The thread's slot in its oneTBB arena, or -1 (as unsigned) outside one.
  static unsigned int VirtualProcessorId();
  static bool IsCurrentTaskCollectionCanceling();
};

// The scheduler of the calling context (here: oneTBB's).
class CurrentScheduler {
 public:
  static unsigned int GetNumberOfVirtualProcessors();
};

}  // namespace Concurrency

#include <ampcl/concurrency/macros_pop.h>
