// completion_future's shared state, and the two library threads behind it: one
// runs host work (copy_async with host iterators) in order, one starts then()
// continuations. OpenCL event callbacks only mark the state complete and hand the
// rest to the continuation thread: user code never runs on a driver thread, and
// the last reference to an event is never dropped inside its own callback.
#include <ampcl/completion_future.hpp>
#include <ampcl/errors.hpp>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

#include "support/cl_handle.hpp"
#include "support/log.hpp"

namespace ampcl::detail {

namespace {

// One thread running tasks in order. Never destroyed: tasks may be posted by
// driver threads until the process ends; the thread dies with the process.
class serial_worker {
 public:
  explicit serial_worker(const char* what) : what_(what) {
    std::thread([this] { loop(); }).detach();
  }
  void post(std::function<void()> task) {
    {
      std::lock_guard<std::mutex> lock(m_);
      tasks_.push_back(std::move(task));
    }
    cv_.notify_one();
  }

 private:
  void loop() {
    for (;;) {
      std::function<void()> task;
      {
        std::unique_lock<std::mutex> lock(m_);
        cv_.wait(lock, [this] { return !tasks_.empty(); });
        task = std::move(tasks_.front());
        tasks_.pop_front();
      }
      try {
        task();
      } catch (const std::exception& e) {
        log(log_level::error, what_, " threw: ", e.what());
      } catch (...) {
        log(log_level::error, what_, " threw a non-standard exception");
      }
    }
  }
  const char* what_;
  std::mutex m_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> tasks_;
};

serial_worker& continuation_thread() {
  static auto* w = new serial_worker("a completion_future continuation");
  return *w;
}
serial_worker& host_work_thread() {
  static auto* w = new serial_worker("asynchronous host work");
  return *w;
}

}  // namespace

class completion_state {
 public:
  void complete(std::exception_ptr error) {
    std::vector<std::function<void()>> to_run;
    {
      std::lock_guard<std::mutex> lock(m_);
      if (done_) return;
      done_ = true;
      error_ = error;
      to_run.swap(continuations_);
    }
    cv_.notify_all();
    for (auto& c : to_run) continuation_thread().post(std::move(c));
  }
  void add_continuation(std::function<void()> c) {
    {
      std::lock_guard<std::mutex> lock(m_);
      if (!done_) {
        continuations_.push_back(std::move(c));
        return;
      }
    }
    continuation_thread().post(std::move(c));
  }
  bool wait_until(const std::chrono::steady_clock::time_point* deadline) const {
    if (queue_) clFlush(queue_.get());  // an unflushed command may never start
    std::unique_lock<std::mutex> lock(m_);
    if (!deadline) {
      cv_.wait(lock, [this] { return done_; });
      return true;
    }
    return cv_.wait_until(lock, *deadline, [this] { return done_; });
  }
  bool done() const {
    std::lock_guard<std::mutex> lock(m_);
    return done_;
  }
  std::exception_ptr error() const {
    std::lock_guard<std::mutex> lock(m_);
    return error_;
  }

  cl_handle<cl_event> event;
  cl_handle<cl_command_queue> queue_;

 private:
  mutable std::mutex m_;
  mutable std::condition_variable cv_;
  bool done_ = false;
  std::exception_ptr error_;
  std::vector<std::function<void()>> continuations_;
};

namespace {

void CL_CALLBACK event_finished(cl_event, cl_int status, void* user) {
  auto* keep = static_cast<std::shared_ptr<completion_state>*>(user);
  std::exception_ptr error;
  if (status < 0)
    error = std::make_exception_ptr(
        runtime_exception(std::string("an asynchronous OpenCL command failed with ") +
                              cl_error_name(status) + "; the data it was to produce is undefined",
                          status));
  (*keep)->complete(error);
  // Drop this reference on the continuation thread, not inside the driver's callback.
  continuation_thread().post([keep] { delete keep; });
}

}  // namespace

}  // namespace ampcl::detail

namespace Concurrency {

namespace detail = ampcl::detail;
using ampcl::runtime_exception;
using detail::completion_state;

completion_future completion_future::from_event(cl_event event, cl_command_queue queue) {
  auto s = std::make_shared<completion_state>();
  s->event = detail::cl_handle<cl_event>::retained(event);
  s->queue_ = detail::cl_handle<cl_command_queue>::retained(queue);
  auto* keep = new std::shared_ptr<completion_state>(s);
  const cl_int err = clSetEventCallback(event, CL_COMPLETE, detail::event_finished, keep);
  if (err != CL_SUCCESS) {
    delete keep;
    detail::throw_cl_error(err, "clSetEventCallback", "tracking an asynchronous operation");
  }
  return completion_future(std::move(s));
}

completion_future completion_future::run_on_host(std::function<void()> work) {
  auto s = std::make_shared<completion_state>();
  detail::host_work_thread().post([s, work = std::move(work)] {
    std::exception_ptr error;
    try {
      work();
    } catch (...) {
      error = std::current_exception();
    }
    s->complete(error);
  });
  return completion_future(std::move(s));
}

completion_future completion_future::ready() {
  auto s = std::make_shared<completion_state>();
  s->complete(nullptr);
  return completion_future(std::move(s));
}

const completion_state& completion_future::_Checked() const {
  if (!_M_state)
    throw runtime_exception(
        "this completion_future is not valid (default-constructed): wait only on futures "
        "returned by copy_async, synchronize_async or create_marker");
  return *_M_state;
}

void completion_future::wait() const {
  _Checked().wait_until(nullptr);
}

void completion_future::get() const {
  wait();
  if (auto e = _M_state->error()) std::rethrow_exception(e);
}

std::future_status completion_future::_Wait_until_steady(
    std::chrono::steady_clock::time_point deadline) const {
  return _Checked().wait_until(&deadline) ? std::future_status::ready : std::future_status::timeout;
}

bool completion_future::is_ready() const {
  return _Checked().done();
}

void completion_future::_Then(std::function<void()> continuation) const {
  if (!continuation) return;
  _Checked();
  _M_state->add_continuation(std::move(continuation));
}

}  // namespace Concurrency
