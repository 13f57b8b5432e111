// Runs a program with extra environment variables and waits for it.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace ampcl::racecheck {

struct child_result {
  int exit_status = 0;  // the exit code, or 128 + signal number like a shell
  int signal = 0;       // the signal that killed it, 0 when it exited
  bool started = true;  // false when exec failed (status then 126 or 127)
  std::string error;    // why it did not start
  int pid = 0;          // its process id, once started
};

// "SIGSEGV (segmentation fault)" for a signal number.
std::string signal_name(int signal);

// `argv[0]` is looked up in PATH. Standard streams are inherited; with
// `stdout_to_stderr` the child's standard output goes to our standard error
// (keeps a JSON or SARIF report on standard output clean).
child_result run_child(const std::vector<std::string>& argv,
                       const std::vector<std::pair<std::string, std::string>>& env,
                       bool stdout_to_stderr = false);

}  // namespace ampcl::racecheck
