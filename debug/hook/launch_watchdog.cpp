#include "launch_watchdog.hpp"

#include <algorithm>

namespace ampcl::debug {

launch_watchdog::launch_watchdog(double seconds, expired_fn expired)
    : limit_(seconds), expired_(std::move(expired)) {}

launch_watchdog::~launch_watchdog() {
  stop();
}

void launch_watchdog::watch(cl_event done, const std::string& kernel, const std::string& source) {
  if (!done) return;
  std::lock_guard<std::mutex> lock(m_);
  if (stopping_) return;
  watched_.push_back({ampcl::detail::basic_cl_handle<cl_event>::retained(done), kernel, source,
                      std::chrono::steady_clock::now() +
                          std::chrono::duration_cast<std::chrono::steady_clock::duration>(limit_)});
  if (!thread_.joinable()) thread_ = std::thread([this] { run(); });
}

void launch_watchdog::stop() {
  {
    std::lock_guard<std::mutex> lock(m_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
  std::lock_guard<std::mutex> lock(m_);
  watched_.clear();
}

// Polls the watched events (a few times a second: the limit is in seconds, and
// a completion callback could not tell a launch that never starts).
void launch_watchdog::run() {
  std::unique_lock<std::mutex> lock(m_);
  while (!stopping_) {
    cv_.wait_for(lock, std::chrono::milliseconds(100));
    if (stopping_) break;
    const auto now = std::chrono::steady_clock::now();
    auto finished = [&](const entry& e) {
      cl_int status = CL_QUEUED;
      if (clGetEventInfo(e.done.get(), CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status,
                         nullptr) != CL_SUCCESS)
        return true;
      return status == CL_COMPLETE || status < 0;  // a failure is reported by the launch
    };
    watched_.erase(std::remove_if(watched_.begin(), watched_.end(), finished), watched_.end());
    for (const entry& e : watched_) {
      if (now < e.deadline) continue;
      const std::string kernel = e.kernel, source = e.source;
      lock.unlock();
      expired_(kernel, source);  // does not return
      lock.lock();
    }
  }
}

}  // namespace ampcl::debug
