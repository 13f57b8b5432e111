#include "cli_options.hpp"

#include <cerrno>
#include <climits>
#include <cstdlib>

namespace ampcl::racecheck {

namespace {

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

int parse_exit_code(const std::string& option, const std::string& text) {
  errno = 0;
  char* end = nullptr;
  long v = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || errno != 0 || v < 0 || v > 255)
    throw usage_error(option + " takes a number from 0 to 255, not '" + text + "'");
  return static_cast<int>(v);
}

// "crash,partial" -> the reasons; "" (the option alone) -> all of them.
std::vector<debug::unchecked_reason> parse_reasons(const std::string& text) {
  if (text.empty()) return debug::all_unchecked_reasons();
  std::vector<debug::unchecked_reason> out;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t comma = text.find(',', at);
    const std::string name = text.substr(at, comma == std::string::npos ? comma : comma - at);
    debug::unchecked_reason r{};
    if (!debug::parse_unchecked_reason(name, r)) {
      std::string known;
      for (auto k : debug::all_unchecked_reasons())
        known += (known.empty() ? "" : ", ") + std::string(debug::to_string(k));
      throw usage_error("--allow-unchecked: unknown reason '" + name + "' (known: " + known +
                        "; give none to allow them all)");
    }
    out.push_back(r);
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  return out;
}

}  // namespace

cli_options parse_cli(const std::vector<std::string>& args) {
  cli_options o;
  bool mode_set = false;
  std::size_t i = 0;
  // Options take their value as the next argument or after '='.
  auto value_of = [&](const std::string& arg, const std::string& name) -> std::string {
    if (arg.size() > name.size() && arg[name.size()] == '=') return arg.substr(name.size() + 1);
    if (i + 1 >= args.size()) throw usage_error(name + " needs a value (see --help)");
    return args[++i];
  };
  auto is = [](const std::string& arg, const std::string& name) {
    return arg == name || arg.rfind(name + "=", 0) == 0;
  };

  for (; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--") {
      ++i;
      if (i >= args.size()) throw usage_error("nothing to run after '--': give a PROGRAM");
      o.mode = run_mode::program;
      o.program.assign(args.begin() + static_cast<long>(i), args.end());
      return o;
    }
    if (a == "-h" || a == "--help") {
      o.mode = run_mode::help;
      return o;
    }
    if (a == "--version") {
      o.mode = run_mode::version;
      return o;
    }
    if (is(a, "--format")) {
      const std::string f = value_of(a, "--format");
      auto parsed = debug::parse_report_format(f);
      if (!parsed) throw usage_error("--format takes text, json or sarif, not '" + f + "'");
      o.format = *parsed;
    } else if (a == "-o" || is(a, "--output")) {
      o.output = value_of(a, a == "-o" ? "-o" : "--output");
      if (o.output.empty()) throw usage_error("--output needs a file name");
    } else if (is(a, "--error-exitcode")) {
      o.error_exitcode = parse_exit_code("--error-exitcode", value_of(a, "--error-exitcode"));
    } else if (is(a, "--unchecked-exitcode")) {
      o.unchecked_exitcode =
          parse_exit_code("--unchecked-exitcode", value_of(a, "--unchecked-exitcode"));
    } else if (a == "--allow-unchecked") {
      o.allowed_unchecked = parse_reasons("");
    } else if (a.rfind("--allow-unchecked=", 0) == 0) {
      o.allowed_unchecked = parse_reasons(a.substr(std::string("--allow-unchecked=").size()));
    } else if (a == "--compare-plain") {
      o.compare_plain = true;
    } else if (a == "--report-same-value-writes") {
      o.report_same_value = true;
    } else if (is(a, "--cache-dir")) {
      o.cache_dir = value_of(a, "--cache-dir");
      if (o.cache_dir.empty()) throw usage_error("--cache-dir needs a folder name");
    } else if (is(a, "--device")) {
      o.device = value_of(a, "--device");
    } else if (is(a, "--build-options")) {
      o.build_options = value_of(a, "--build-options");
    } else if (is(a, "--run-sim")) {
      o.sim_file = value_of(a, "--run-sim");
      o.mode = run_mode::sim_unchecked;
      mode_set = true;
    } else if (a.size() > 1 && a[0] == '-') {
      throw usage_error("unknown option '" + a +
                        "' (see --help; put '--' before a program "
                        "whose name starts with '-')");
    } else {
      if (mode_set) throw usage_error("unexpected '" + a + "' after --run-sim FILE");
      // The first operand decides: a .sim file alone, or a program and its args.
      if (ends_with(a, ".sim")) {
        if (i + 1 != args.size())
          throw usage_error("a launch file takes no arguments: '" + args[i + 1] + "' follows " + a +
                            " (put '--' before a program named *.sim)");
        o.mode = run_mode::sim;
        o.sim_file = a;
      } else {
        o.mode = run_mode::program;
        o.program.assign(args.begin() + static_cast<long>(i), args.end());
      }
      return o;
    }
  }
  if (!mode_set) throw usage_error("nothing to check: give a PROGRAM or a FILE.sim (see --help)");
  return o;
}

namespace {
std::string reason_list() {
  std::string out;
  for (auto r : debug::all_unchecked_reasons())
    out += std::string("\n      ") + debug::to_string(r) + ": " + debug::reason_description(r);
  return out;
}
}  // namespace

std::string usage_text() {
  return R"(Usage: ampcl-racecheck [OPTIONS] [--] PROGRAM [ARGS...]
       ampcl-racecheck [OPTIONS] FILE.sim

Finds races, barrier problems and out-of-bounds accesses in ampcl kernels while
they run on the real device.

PROGRAM mode runs PROGRAM with AMPCL_RACECHECK=1, so every launch it makes is
instrumented; the hazards are reported after it exits. The program's own output
is left alone.

FILE.sim mode runs one kernel from an Oclgrind launch file (the format
oclgrind-kernel reads: kernel file, kernel name, global size, local size, then
one <...> definition per parameter), prints its `dump` buffers like
oclgrind-kernel, then reports hazards.

Options:
  --format text|json|sarif  report format (default text: compiler-style
                            file:line:col diagnostics)
  -o, --output FILE         write the report to FILE instead of standard output
  --error-exitcode N        exit status when hazards are found (default 1;
                            0 keeps the program's own status)
  --unchecked-exitcode N    exit status when a kernel was not (fully) checked
                            and no hazard was found (default 3)
  --allow-unchecked[=R,...] do not fail the run for kernels not checked for
                            these reasons (all when none is given): )" +
         reason_list() + R"(
  --report-same-value-writes
                            report two unordered plain stores of the same
                            value to one location (by default they are not a
                            race; a read racing with either still is)
  --compare-plain           run the command once without the checker first,
                            then print both wall times and their ratio on
                            standard error (the plain run's output is shown
                            too; the report covers the checked run only)
  --cache-dir DIR           keep every compile the run pays for in DIR: the
                            instrumented kernels and ampcl's binaries
                            (DIR/ampcl), PoCL's builds (DIR/pocl), NVIDIA's
                            machine code (DIR/nvidia); a CI job that saves
                            DIR between runs starts warm (made if missing)
  --device FILTER           run on this device (sets AMPCL_DEVICE, e.g. cpu,
                            gpu, opencl:0:1)
  --build-options OPTS      extra OpenCL build options for FILE.sim kernels
  --run-sim FILE.sim        run the launch file without race checking (what
                            the checker runs under the plugin)
  -h, --help                show this text
  --version                 show the version

Every process PROGRAM starts inherits the checker, so a test runner or a script
is checked as a whole (ampcl-racecheck -- ctest -j2): one report for all of
them, each hazard naming its process, and a summary line per process on
standard error.

A kernel the checker could not check (it could not instrument it, the driver
could not build the instrumented kernel, the process crashed or the launch hung
while it ran, some of its constructs or tiles were left out) is reported as
"not checked" with the reason, never as clean.

Exit status: N from --error-exitcode when hazards were found; else N from
--unchecked-exitcode when a kernel was not checked (unless allowed); otherwise
the program's own status (FILE.sim: 0 when the launch ran). 125: ampcl-racecheck
itself failed (bad options, bad launch file, launch error); 126: PROGRAM cannot
be executed; 127: PROGRAM not found.

With --format json or sarif and no --output, dump output of FILE.sim goes to
standard error so standard output holds only the report.
)";
}

}  // namespace ampcl::racecheck
