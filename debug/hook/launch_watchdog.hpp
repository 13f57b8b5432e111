// The watchdog on checked launches: a launch still running after its time is
// reported as not checked and the process ends. Wherever the program waits for
// it (its own clFinish, a host copy, the next launch), a hung launch would
// otherwise block forever, and nothing would be reported.
#pragma once

#include <ampcl/detail/cl_handle.hpp>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace ampcl::debug {

class launch_watchdog {
 public:
  // `expired` is called from the watchdog's thread and must not return.
  using expired_fn = std::function<void(const std::string& kernel, const std::string& source)>;
  launch_watchdog(double seconds, expired_fn expired);
  ~launch_watchdog();
  launch_watchdog(const launch_watchdog&) = delete;
  launch_watchdog& operator=(const launch_watchdog&) = delete;

  // Watches the launch that completes `done` (retained until it does).
  void watch(cl_event done, const std::string& kernel, const std::string& source);
  // Stops watching (process exit); launches still running are left alone.
  void stop();

 private:
  struct entry {
    ampcl::detail::basic_cl_handle<cl_event> done;
    std::string kernel, source;
    std::chrono::steady_clock::time_point deadline;
  };
  void run();

  const std::chrono::duration<double> limit_;
  expired_fn expired_;
  std::mutex m_;
  std::condition_variable cv_;
  std::vector<entry> watched_;
  bool stopping_ = false;
  std::thread thread_;  // started with the first launch
};

}  // namespace ampcl::debug
