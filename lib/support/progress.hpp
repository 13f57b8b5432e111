// A single updating status line on stderr for long operations (program builds,
// benchmark sweeps). Shown only where a person watches: stderr is a terminal and
// AMPCL_LOG is not off. Elsewhere (pipes, files, CI logs) it prints nothing.
//
//   progress_line p("building add_arrays.cl for pthread-haswell", std::chrono::seconds(1));
//   build();      // after 1 s: "ampcl: building add_arrays.cl for pthread-haswell..."
//   p.finish();   // then:      "ampcl: building add_arrays.cl for pthread-haswell... done in 1834 ms"
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace ampcl::detail {

// Whether progress lines are shown: isatty(2) and AMPCL_LOG is not off.
bool progress_enabled();

class progress_line {
 public:
  // Nothing is printed before `delay` has passed, so quick operations stay
  // silent; a delay of zero shows the line at once.
  explicit progress_line(std::string what,
                         std::chrono::milliseconds delay = std::chrono::milliseconds(0));
  progress_line(const progress_line&) = delete;
  progress_line& operator=(const progress_line&) = delete;
  ~progress_line();

  // Replaces the line's status ("what: status"), e.g. "3/12".
  void update(const std::string& status);
  // Ends the line with the elapsed time, if it was ever shown. Idempotent.
  void finish();

 private:
  void show_locked(const std::string& status);

  const std::string what_;
  const bool enabled_;
  const std::chrono::steady_clock::time_point start_;
  std::mutex m_;
  std::condition_variable cv_;
  bool shown_ = false;
  bool finished_ = false;
  std::string status_;
  std::thread delayed_;  // shows the line after the delay unless finished first
};

}  // namespace ampcl::detail
