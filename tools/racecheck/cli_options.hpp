// Command line of ampcl-racecheck:
//   ampcl-racecheck [options] [--] PROGRAM [ARGS...]   check a program's launches
//   ampcl-racecheck [options] FILE.sim                 check one kernel launch
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "report_formats.hpp"
#include "unchecked_reason.hpp"

namespace ampcl::racecheck {

enum class run_mode { program, sim, sim_unchecked, help, version };

struct cli_options {
  run_mode mode = run_mode::help;
  debug::report_format format = debug::report_format::text;
  std::string output;          // report file; empty: standard output
  int error_exitcode = 1;      // exit status when hazards were found
  int unchecked_exitcode = 3;  // exit status when a kernel was not (fully) checked
  // Reasons a kernel may go unchecked without failing the run (--allow-unchecked).
  std::vector<debug::unchecked_reason> allowed_unchecked;
  std::string device;                // AMPCL_DEVICE for the checked run; empty: inherit
  std::string build_options;         // extra OpenCL build options (sim mode)
  std::string sim_file;              // sim and sim_unchecked modes
  bool report_same_value = false;    // --report-same-value-writes
  bool compare_plain = false;        // --compare-plain: time a run without the checker first
  std::string cache_dir;             // --cache-dir: both runs' compile caches
  std::vector<std::string> program;  // program mode: PROGRAM ARGS...
};

// A command line that cannot be used; what() says why and how to fix it.
class usage_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// `args` excludes argv[0]. Throws usage_error.
cli_options parse_cli(const std::vector<std::string>& args);

// The --help text.
std::string usage_text();

// Exit statuses of ampcl-racecheck itself, chosen like env(1) and timeout(1)
// so they do not collide with common program statuses.
inline constexpr int exit_tool_failure = 125;  // bad options, bad .sim file, launch failure
inline constexpr int exit_not_checked = 3;     // default --unchecked-exitcode
inline constexpr int exit_cannot_execute = 126;
inline constexpr int exit_not_found = 127;

}  // namespace ampcl::racecheck
