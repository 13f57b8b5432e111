// The hand-off file between a checked program and ampcl-racecheck: one hazard
// per line, as hazard_to_json() writes it (schema in hazard_json.hpp).
//
// The race-check collector calls write_hazards_jsonl(path, ...) at exit, with
// path = $AMPCL_RACECHECK_REPORT; ampcl-racecheck reads it back. Writes append
// (each call is one write(2) on an O_APPEND descriptor), so several processes
// or launches can share one file; the file is created even when there is
// nothing to write, which tells the reader the collector ran.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "hazard.hpp"

namespace ampcl::debug {

// Throws std::runtime_error naming the file and the system error.
void write_hazards_jsonl(const std::string& path, const std::vector<hazard>& hazards);
void write_hazards_jsonl(std::ostream& out, const std::vector<hazard>& hazards);

// Blank lines and launch events are skipped. A malformed line throws
// std::runtime_error with "<path>:<line>: ..." so a broken collector is easy to find.
std::vector<hazard> read_hazards_jsonl(const std::string& path);
std::vector<hazard> read_hazards_jsonl(std::istream& in, const std::string& name = "<stream>");

// The same file also journals launches: {"event":"launch",...} before a checked
// launch is built and run, {"event":"checked","id":...} once its records were
// read back. A launch still open when the process died was not checked.
struct launch_event {
  std::string id;      // unique across the processes writing the file
  std::string kernel;  // launch events only
  std::string source;  // the kernel's file
  bool checked = false;
};
void write_launch_event(const std::string& path, const launch_event& e);

// A report file kept open for appending, as the checker writes it while a program
// runs: a checked launch writes two journal lines, and opening and closing the
// file for each line cost four more system calls a launch. Each write is still one
// write(2) on an O_APPEND descriptor. Throws std::runtime_error naming the file and
// the system error.
class report_file {
 public:
  explicit report_file(const std::string& path);  // created if missing
  ~report_file();
  report_file(const report_file&) = delete;
  report_file& operator=(const report_file&) = delete;

  void write(const std::vector<hazard>& hazards) const;
  void write(const std::vector<launch_event>& events) const;  // one write(2)

 private:
  std::string path_;
  int fd_;
};

struct checker_log {
  std::vector<hazard> hazards;
  std::vector<launch_event> open_launches;  // started, never checked, in order
};
checker_log read_checker_log(const std::string& path);
checker_log read_checker_log(std::istream& in, const std::string& name = "<stream>");

}  // namespace ampcl::debug
