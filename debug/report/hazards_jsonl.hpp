// The hand-off file between a checked program and ampcl-racecheck: one hazard
// per line, as hazard_to_json() writes it (schema in hazard_json.hpp).
//
// The race-check collector calls write_hazards_jsonl(path, ...) at exit, with
// path = $AMPCL_RACECHECK_REPORT; ampcl-racecheck reads it back. Writes append
// (each call is one write(2) on an O_APPEND descriptor), so several processes
// or launches can share one file; the file is created even when there is
// nothing to write, which tells the reader the collector ran.
#pragma once

#include <atomic>
#include <iosfwd>
#include <string>
#include <vector>

#include "hazard.hpp"
#include "process_ref.hpp"

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
// read back. A launch still open when the process died was not checked. Every
// line names its process ("pid", "process_start": process_ref.hpp), and each
// process says once who it is ({"event":"process","command":...}) before its
// first line, so one file can serve a whole test suite.
struct launch_event {
  std::string id;      // unique across the processes writing the file
  std::string kernel;  // launch events only
  std::string source;  // the kernel's file
  bool checked = false;
  process_ref process;  // report_file fills in the writing process
};
void write_launch_event(const std::string& path, const launch_event& e);

// The id for a new launch journalled by this process: "<process_key>:<tag><n>".
std::string new_launch_id(const std::string& tag, unsigned long n);

// A report file kept open for appending, as the checker writes it while a program
// runs: a checked launch writes two journal lines, and opening and closing the
// file for each line cost four more system calls a launch. Each write is still one
// write(2) on an O_APPEND descriptor, and names the writing process: records that
// lack one get this process, and a process's first write (a child forked without
// exec included) starts with its {"event":"process"} line. Throws
// std::runtime_error naming the file and the system error.
class report_file {
 public:
  explicit report_file(const std::string& path);  // created if missing
  ~report_file();
  report_file(const report_file&) = delete;
  report_file& operator=(const report_file&) = delete;

  void write(const std::vector<hazard>& hazards) const;
  void write(const std::vector<launch_event>& events) const;  // one write(2)

 private:
  std::string with_announcement(std::string lines) const;

  std::string path_;
  int fd_;
  mutable std::atomic<int> announced_pid_{0};
};

// One process of the file, from its lines.
struct process_record {
  process_ref process;
  std::string command;       // its command line; empty when it never said
  std::size_t launches = 0;  // launches it announced
  std::size_t finished = 0;  // of those, closed: analysed, or reported not checked
};

struct checker_log {
  std::vector<hazard> hazards;
  std::vector<launch_event> open_launches;  // started, never checked, in order
  std::vector<process_record> processes;    // in the order of their first line
};
checker_log read_checker_log(const std::string& path);
checker_log read_checker_log(std::istream& in, const std::string& name = "<stream>");

}  // namespace ampcl::debug
