// ampcl-racecheck: runs a program or one .sim kernel launch with the race
// checker on and reports hazards (see cli_options.cpp for the usage text).
#include <ampcl/errors.hpp>
#include <chrono>
#include <fstream>
#include <iostream>

#include "cache_folder.hpp"
#include "checked_run.hpp"
#include "cli_options.hpp"
#include "hazard.hpp"
#include "layer_setup.hpp"
#include "layout.hpp"
#include "process_summary.hpp"
#include "report_formats.hpp"
#include "sim_error.hpp"
#include "sim_runner.hpp"
#include "unfinished_launches.hpp"
#include "wall_time.hpp"

namespace rc = ampcl::racecheck;
namespace dbg = ampcl::debug;

namespace {

constexpr const char* version = "0.1.0";

int run_unchecked_sim(const rc::cli_options& o) {
  try {
    rc::run_sim_file(o.sim_file, o.build_options, std::cout);
    return 0;
  } catch (const ampcl::sim::sim_error& e) {
    std::cerr << e.what() << "\n";
  } catch (const ampcl::build_error& e) {
    std::cerr << o.sim_file << ": error: " << e.what() << "\n";
  } catch (const std::exception& e) {
    std::cerr << o.sim_file << ": error: the launch failed: " << e.what() << "\n";
  }
  return rc::exit_tool_failure;
}

bool allowed(const rc::cli_options& o, const dbg::hazard& h) {
  for (dbg::unchecked_reason r : o.allowed_unchecked)
    if (h.reason == dbg::to_string(r)) return true;
  return false;
}

// --error-exitcode when hazards were found; else --unchecked-exitcode when a
// kernel went unchecked for a reason not allowed, or when no process wrote a
// report and the command itself succeeded (a run that checked nothing does not
// pass as checked); else the child's status (for a .sim file, 0 when its failure
// is an allowed not-checked report).
int exit_status(const rc::cli_options& o, const rc::checked_run& run,
                const std::vector<dbg::hazard>& hazards) {
  if (!run.report_written && hazards.empty() && run.child.exit_status == 0)
    return o.unchecked_exitcode;
  bool found = false, unchecked = false, failing = false;
  for (const dbg::hazard& h : hazards) {
    if (!dbg::is_not_checked(h)) {
      found = true;
    } else {
      unchecked = true;
      failing = failing || !allowed(o, h);
    }
  }
  if (found && o.error_exitcode != 0) return o.error_exitcode;
  if (failing) return o.unchecked_exitcode;
  if (o.mode == rc::run_mode::sim && unchecked) return 0;
  return run.child.exit_status;
}

// Writes the report where --output says; false when the file cannot be written.
bool write_report(const rc::cli_options& o, const std::vector<dbg::hazard>& hazards,
                  dbg::report_info info) {
  info.tool_version = version;
  if (o.output.empty()) {
    dbg::write_report(o.format, std::cout, hazards, info);
    std::cout.flush();
    return true;
  }
  std::ofstream out(o.output);
  if (out) dbg::write_report(o.format, out, hazards, info);
  if (!out) {
    std::cerr << "ampcl-racecheck: error: cannot write the report to '" << o.output
              << "': check the folder exists and is writable\n";
    return false;
  }
  return true;
}

int run_checked(const rc::cli_options& o) {
  std::vector<std::string> argv = o.program;
  rc::checked_run_settings settings;
  settings.device = o.device;
  const bool sim = o.mode == rc::run_mode::sim;
  // Programs that do not use ampcl: their OpenCL launches go through the layer.
  const std::string sources = rc::sources_folder(o.output);
  if (!sim) settings.environment = rc::layer_environment(sources);
  if (o.report_same_value)
    settings.environment.emplace_back(dbg::layout::report_same_value_env, "1");
  if (sim) {
    // The launch runs in a child under the plugin, exactly like a program, so
    // both modes share one path and a crashing kernel cannot take the report.
    argv = {rc::self_path(), "--run-sim", o.sim_file};
    if (!o.build_options.empty()) argv.insert(argv.end(), {"--build-options", o.build_options});
    settings.stdout_to_stderr = o.format != dbg::report_format::text && o.output.empty();
  }

  if (!o.cache_dir.empty()) {
    try {
      settings.caches = rc::cache_environment(o.cache_dir);
    } catch (const std::exception& e) {
      std::cerr << "ampcl-racecheck: error: " << e.what() << "\n";
      return rc::exit_tool_failure;
    }
  }

  rc::wall_times times;
  if (o.compare_plain) {
    const auto start = std::chrono::steady_clock::now();
    rc::child_result plain =
        rc::run_child(argv, rc::plain_environment(settings), settings.stdout_to_stderr);
    times.plain_seconds = rc::seconds_since(start);
    times.plain_status = plain.exit_status;
    if (!plain.started) {
      std::cerr << "ampcl-racecheck: error: " << plain.error << "\n";
      return plain.exit_status;
    }
  }
  rc::checked_run run;
  const auto start = std::chrono::steady_clock::now();
  try {
    run = rc::run_checked(argv, settings);
  } catch (const std::exception& e) {
    std::cerr << "ampcl-racecheck: error: " << e.what() << "\n";
    return rc::exit_tool_failure;
  }
  if (!run.child.started) {
    std::cerr << "ampcl-racecheck: error: " << run.child.error << "\n";
    return run.child.exit_status;
  }
  times.checked_seconds = rc::seconds_since(start);
  times.checked_status = run.child.exit_status;
  const std::vector<dbg::hazard> unfinished = rc::unfinished_launches(run, o);
  run.hazards.insert(run.hazards.end(), unfinished.begin(), unfinished.end());
  if (sim && run.child.exit_status != 0 && run.hazards.empty()) {
    // The launch itself failed (its error is already on standard error):
    // "no hazards" would claim a check that never happened.
    std::cerr << "ampcl-racecheck: " << o.sim_file << " did not run, so nothing was checked\n";
    return run.child.exit_status;
  }
  if (run.child.signal && unfinished.empty() && !sim)
    std::cerr << "ampcl-racecheck: " << o.program[0] << " died of "
              << rc::signal_name(run.child.signal)
              << " outside the checked launches (those it finished were checked)\n";
  if (!run.report_written) {
    std::cerr << "ampcl-racecheck: " << (sim ? o.sim_file : o.program[0])
              << " wrote no race-check report: it made no OpenCL or ampcl launches, the "
                 "race-check layer or plugin could not be loaded, or it exited abnormally "
                 "before the report was written (for an ampcl program, AMPCL_LOG=info says "
                 "whether race checking was loaded)\n";
  }

  // A test runner or script: each hazard names its process, and each process
  // gets a summary line.
  const bool several = rc::checks_several_processes(run);
  dbg::report_info info;
  info.nothing_checked = !run.report_written;
  if (several)
    info.commands = rc::process_commands(run);
  else
    rc::drop_processes(run.hazards);
  std::vector<dbg::hazard> hazards = dbg::deduplicate(run.hazards);
  rc::show_sources_as_given(hazards, sources);
  dbg::sort_for_report(hazards);
  if (!write_report(o, hazards, info)) return rc::exit_tool_failure;
  if (several) rc::write_process_summary(std::cerr, run, hazards);
  if (o.compare_plain) std::cerr << rc::describe(times);
  return exit_status(o, run, hazards);
}

}  // namespace

int main(int argc, char** argv) {
  rc::cli_options o;
  try {
    o = rc::parse_cli(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const rc::usage_error& e) {
    std::cerr << "ampcl-racecheck: error: " << e.what() << "\n";
    return rc::exit_tool_failure;
  }
  switch (o.mode) {
    case rc::run_mode::help:
      std::cout << rc::usage_text();
      return 0;
    case rc::run_mode::version:
      std::cout << "ampcl-racecheck " << version << "\n";
      return 0;
    case rc::run_mode::sim_unchecked:
      if (!o.device.empty()) setenv("AMPCL_DEVICE", o.device.c_str(), 1);
      return run_unchecked_sim(o);
    case rc::run_mode::sim:
    case rc::run_mode::program:
      return run_checked(o);
  }
  return rc::exit_tool_failure;
}
