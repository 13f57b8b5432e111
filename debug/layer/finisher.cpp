#include "finisher.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <string>
#include <thread>

#include "analysis.hpp"
#include "checker.hpp"
#include "report_sink.hpp"
#include "support/cl_info.hpp"
#include "support/log.hpp"
#include "unchecked_reason.hpp"

namespace ampcl::layer {

namespace {

using clock = std::chrono::steady_clock;

struct entry {
  std::unique_ptr<pending_launch> launch;
  // the program's queue it was enqueued on (retained): flushed before a wait for it
  ampcl::detail::basic_cl_handle<cl_command_queue> queue;
  clock::time_point running_since{};  // first seen running; the watchdog counts from here
  std::size_t shadow_bytes = 0;       // what its shadow buffers hold until it is finished
};

// How long an enqueue waits for the oldest launch when the queued launches' shadow is
// over the budget: a launch may wait on an event the program sets later, so the wait
// is bounded, and that launch is not waited for again.
constexpr auto relief_wait = std::chrono::seconds(2);

// Whether `done` completed (or failed) within `limit`.
bool completes_within(cl_event done, std::chrono::nanoseconds limit) {
  const auto until = clock::now() + limit;
  for (;;) {
    cl_int status = CL_QUEUED;
    if (clGetEventInfo(done, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr) !=
            CL_SUCCESS ||
        status <= CL_COMPLETE)
      return true;
    if (clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
}

class finisher {
 public:
  static finisher& get() {
    static finisher* f = new finisher();  // never destroyed: the worker may outlive statics
    return *f;
  }

  void add(std::unique_ptr<pending_launch> p, cl_command_queue queue, std::size_t shadow_limit,
           std::size_t queued_limit) {
    cl_event done = p->done.get();
    const std::size_t bytes = debug::racecheck_engine::shadow_bytes(p->rewritten);
    clRetainCommandQueue(queue);
    ampcl::detail::basic_cl_handle<cl_command_queue> held_queue(queue);
    {
      std::lock_guard<std::mutex> lock(m_);
      if (!started_) start_locked();
      pending_.push_back(entry{std::move(p), std::move(held_queue), {}, bytes});
      pending_bytes_ += bytes;
    }
    clSetEventCallback(done, CL_COMPLETE, on_complete, this);
    cv_.notify_one();
    relieve(shadow_limit, queued_limit);
  }

  // A program that queues launches faster than they run (PolyBench's gramschmidt:
  // 1,536 without a wait) would have each keep its shadow buffers until it ran: on
  // PoCL 24 GB, and the kernel's OOM killer. Past `limit` (one launch's shadow
  // budget), or past `queued_limit` launches (racecheck_engine::queued_launch_limit),
  // the enqueue waits for the oldest launch and finishes it.
  void relieve(std::size_t limit, std::size_t queued_limit) {
    for (;;) {
      // Retained: the worker may finish and release the launch while this waits.
      ampcl::detail::basic_cl_handle<cl_event> oldest;
      cl_command_queue oldest_queue = nullptr;
      std::size_t queued = 0, held = 0;
      {
        std::lock_guard<std::mutex> lock(m_);
        if (stopping_ || pending_.size() < 2 ||
            (pending_bytes_ <= limit && pending_.size() <= queued_limit))
          return;
        cl_event e = pending_.front().launch->done.get();
        if (e == gave_up_on_) return;
        clRetainEvent(e);
        oldest = ampcl::detail::basic_cl_handle<cl_event>(e);
        oldest_queue = pending_.front().queue.get();
        clRetainCommandQueue(oldest_queue);
        queued = pending_.size();
        held = pending_bytes_;
      }
      using ampcl::detail::log_level;
      // Said once at info (a program may wait at every enqueue), then at debug.
      ampcl::detail::log(
          waited_ ? log_level::debug : log_level::info, "ampcl race check: ", queued,
          " launches queued hold ", held >> 10, " KiB of shadow (at most ", limit >> 10, " KiB",
          queued_limit == SIZE_MAX ? std::string()
                                   : " and " + std::to_string(queued_limit) + " launches",
          "): waiting for the oldest to complete");
      waited_ = true;
      // A driver need not start commands it has not been flushed (OpenCL 1.2, 5.13).
      const ampcl::detail::basic_cl_handle<cl_command_queue> flushed(oldest_queue);
      clFlush(oldest_queue);
      if (!completes_within(oldest.get(), relief_wait)) {
        ampcl::detail::log(log_level::warn,
                           "ampcl race check: the oldest queued launch did not complete within ",
                           std::chrono::seconds(relief_wait).count(),
                           " s (it may wait for an event the program sets later); launches "
                           "queued after it keep their shadow memory until it completes, past "
                           "the limit above");
        std::lock_guard<std::mutex> lock(m_);
        gave_up_on_ = oldest.get();
        return;
      }
      catch_up();
    }
  }

  // The host waited: the launches that have completed are finished now, on the
  // caller's thread, so that the checker never lags behind the program.
  void catch_up() {
    std::deque<entry> ready;
    {
      std::lock_guard<std::mutex> lock(m_);
      if (stopping_) return;
      ready = take_ready_locked(false);
    }
    for (const entry& e : ready) finish(*e.launch);
  }

  // At exit: stop the worker, then finish the launches that have completed.
  // Those still running are left open in the launch journal: the program ended
  // without waiting for them, and ampcl-racecheck reports them not finished.
  void stop() {
    {
      std::lock_guard<std::mutex> lock(m_);
      if (stopping_) return;
      stopping_ = true;
      cv_.notify_all();
    }
    if (worker_.joinable()) {
      if (owner_ == ::getpid())
        worker_.join();
      else
        worker_.detach();  // a forked child: the thread is its parent's
    }
    if (owner_ != ::getpid()) return;
    std::deque<entry> ready;
    {
      std::lock_guard<std::mutex> lock(m_);
      ready = take_ready_locked(false);
    }
    for (const entry& e : ready) finish(*e.launch);
  }

 private:
  static void CL_CALLBACK on_complete(cl_event, cl_int, void* self) {
    static_cast<finisher*>(self)->cv_.notify_one();
  }

  void start_locked() {
    started_ = true;
    owner_ = ::getpid();
    worker_ = std::thread([this] { run(); });
  }

  // Completed (or failed) launches, and (`watchdog`) those running too long.
  std::deque<entry> take_ready_locked(bool watchdog) {
    std::deque<entry> ready;
    const auto now = clock::now();
    const auto limit = std::chrono::duration<double>(engine().options().timeout_seconds);
    for (auto it = pending_.begin(); it != pending_.end();) {
      cl_int status = CL_QUEUED;
      clGetEventInfo(it->launch->done.get(), CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status,
                     &status, nullptr);
      if (status == CL_RUNNING && it->running_since == clock::time_point{}) it->running_since = now;
      const bool hung = watchdog && status == CL_RUNNING && now - it->running_since > limit;
      if (status == CL_COMPLETE || status < 0 || hung) {
        pending_bytes_ -= it->shadow_bytes;
        ready.push_back(std::move(*it));
        it = pending_.erase(it);
      } else {
        ++it;
      }
    }
    return ready;
  }

  void run() {
    std::unique_lock<std::mutex> lock(m_);
    while (!stopping_) {
      std::deque<entry> ready = take_ready_locked(true);
      if (ready.empty()) {
        // Completion callbacks wake the worker; the timeout covers drivers that
        // call them late and the watchdog's clock.
        cv_.wait_for(lock, std::chrono::milliseconds(20));
        continue;
      }
      lock.unlock();
      for (const entry& e : ready) finish(*e.launch);
      lock.lock();
    }
  }

  static void finish(pending_launch& p) {
    std::vector<debug::hazard> found;
    try {
      found = engine().finish(p.readback, p.launch, p.rewritten, p.done.get());
    } catch (const std::exception& e) {
      found.push_back(debug::not_checked(
          debug::unchecked_reason::watchdog, p.launch.kernel_name, p.launch.source_name,
          std::string("the checker could not read the launch's records back: ") + e.what()));
    }
    report(found);
    close_launch(p.journal_id);
    for (const debug::hazard& h : found)
      if (debug::is_not_checked(h) && h.reason == to_string(debug::unchecked_reason::watchdog))
        give_up(h);
  }

  std::mutex m_;
  std::condition_variable cv_;
  std::deque<entry> pending_;
  std::size_t pending_bytes_ = 0;    // their shadow_bytes
  cl_event gave_up_on_ = nullptr;    // a launch relieve() waited for in vain
  std::atomic<bool> waited_{false};  // relieve() has waited (and said so)
  std::thread worker_;
  bool started_ = false;
  bool stopping_ = false;
  pid_t owner_ = 0;
};

}  // namespace

void finish_later(std::unique_ptr<pending_launch> launch, cl_command_queue queue) {
  const cl_device_id device = ampcl::detail::queue_device(queue);
  finisher::get().add(std::move(launch), queue, engine().launch_shadow_budget(device),
                      engine().queued_launch_limit(device));
}

void finish_completed() {
  finisher::get().catch_up();
}

void finish_all() {
  finisher::get().stop();
}

void finish_at_exit() {
  // The analysis builds its rules on first use, as a function static: build
  // them now, so that the exit handler registered next runs before they are
  // destroyed (handlers and static destructors run in reverse order).
  debug::instrument_result none;
  debug::analysis_input nothing;
  nothing.program = &none;
  debug::analyze(nothing);
  std::atexit([] {
    finish_all();
    print_report_at_exit();
  });
}

}  // namespace ampcl::layer
