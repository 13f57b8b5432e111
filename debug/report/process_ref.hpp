// Which process wrote a line of the race-check report file. Under
// `ampcl-racecheck -- ctest ...` many processes append to one file; the pid
// alone may be reused during a long run, the pid with the process's start time
// (/proc/<pid>/stat, clock ticks since boot) names one process for the
// machine's uptime.
#pragma once

#include <cstdint>
#include <string>
#include <tuple>

namespace ampcl::debug {

struct process_ref {
  int pid = 0;              // 0: not recorded (a single-process report)
  std::uint64_t start = 0;  // start time, clock ticks since boot

  bool recorded() const { return pid != 0; }
  friend bool operator==(const process_ref& a, const process_ref& b) {
    return a.pid == b.pid && a.start == b.start;
  }
  friend bool operator!=(const process_ref& a, const process_ref& b) { return !(a == b); }
  friend bool operator<(const process_ref& a, const process_ref& b) {
    return std::tie(a.pid, a.start) < std::tie(b.pid, b.start);
  }
};

// The calling process; read once, and again in a child forked without exec.
process_ref this_process();

// "<pid>.<start>": the prefix that makes launch ids unique across processes.
std::string process_key(const process_ref& p);

// The calling process's command line (/proc/self/cmdline), arguments joined by
// spaces, those with spaces or quotes single-quoted; at most `limit` characters
// ("..." at the end when cut).
std::string this_command_line(std::size_t limit = 400);

}  // namespace ampcl::debug
