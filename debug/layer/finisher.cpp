#include "finisher.hpp"

#include <unistd.h>

#include <algorithm>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <thread>

#include "analysis.hpp"
#include "checker.hpp"
#include "report_sink.hpp"
#include "unchecked_reason.hpp"

namespace ampcl::layer {

namespace {

using clock = std::chrono::steady_clock;

struct entry {
  std::unique_ptr<pending_launch> launch;
  clock::time_point running_since{};  // first seen running; the watchdog counts from here
};

class finisher {
 public:
  static finisher& get() {
    static finisher* f = new finisher();  // never destroyed: the worker may outlive statics
    return *f;
  }

  void add(std::unique_ptr<pending_launch> p) {
    cl_event done = p->done.get();
    {
      std::lock_guard<std::mutex> lock(m_);
      if (!started_) start_locked();
      pending_.push_back(entry{std::move(p), {}});
    }
    clSetEventCallback(done, CL_COMPLETE, on_complete, this);
    cv_.notify_one();
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
  std::thread worker_;
  bool started_ = false;
  bool stopping_ = false;
  pid_t owner_ = 0;
};

}  // namespace

void finish_later(std::unique_ptr<pending_launch> launch) {
  finisher::get().add(std::move(launch));
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
