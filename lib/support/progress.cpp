#include "support/progress.hpp"

#include <unistd.h>

#include <cstdio>

#include "support/log.hpp"

namespace ampcl::detail {

namespace {
// One terminal line is shared by every progress_line of the process.
std::mutex& terminal_mutex() {
  static std::mutex m;
  return m;
}
}  // namespace

bool progress_enabled() {
  return ::isatty(2) == 1 && current_log_level() != log_level::off;
}

progress_line::progress_line(std::string what, std::chrono::milliseconds delay)
    : what_(std::move(what)), enabled_(progress_enabled()), start_(std::chrono::steady_clock::now()) {
  if (!enabled_) return;
  if (delay.count() <= 0) {
    std::lock_guard<std::mutex> lock(m_);
    show_locked({});
    return;
  }
  // The work runs on the caller's thread (a blocking build), so only another
  // thread can notice that it is taking long.
  delayed_ = std::thread([this, delay] {
    std::unique_lock<std::mutex> lock(m_);
    if (!cv_.wait_for(lock, delay, [this] { return finished_; })) show_locked(status_);
  });
}

progress_line::~progress_line() { finish(); }

void progress_line::update(const std::string& status) {
  if (!enabled_) return;
  std::lock_guard<std::mutex> lock(m_);
  if (finished_) return;
  status_ = status;
  if (shown_ || !delayed_.joinable()) show_locked(status_);
}

void progress_line::show_locked(const std::string& status) {
  std::lock_guard<std::mutex> terminal(terminal_mutex());
  // \r and "erase to end of line": the line is rewritten in place.
  std::fprintf(stderr, "\r\033[Kampcl: %s...%s%s", what_.c_str(), status.empty() ? "" : " ",
               status.c_str());
  std::fflush(stderr);
  shown_ = true;
}

void progress_line::finish() {
  if (!enabled_) return;
  {
    std::lock_guard<std::mutex> lock(m_);
    if (finished_) return;
    finished_ = true;
  }
  cv_.notify_all();
  if (delayed_.joinable()) delayed_.join();
  if (!shown_) return;
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - start_)
                      .count();
  std::lock_guard<std::mutex> terminal(terminal_mutex());
  std::fprintf(stderr, "\r\033[Kampcl: %s... done in %lld ms\n", what_.c_str(),
               static_cast<long long>(ms));
  std::fflush(stderr);
}

}  // namespace ampcl::detail
