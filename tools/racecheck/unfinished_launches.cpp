#include "unfinished_launches.hpp"

#include <algorithm>

namespace ampcl::racecheck {

namespace dbg = ampcl::debug;

namespace {

constexpr const char* advice =
    "; nothing of it was checked. Run the program without the checker to see whether it fails "
    "there too; if not, please report it as a bug of the checker.";

bool already_reported(const checked_run& run, const dbg::launch_event& e) {
  return std::any_of(run.hazards.begin(), run.hazards.end(), [&](const dbg::hazard& h) {
    return dbg::is_not_checked(h) && h.kernel == e.kernel && h.process == e.process;
  });
}

std::string command_of(const checked_run& run, const dbg::process_ref& p) {
  for (const dbg::process_record& r : run.processes)
    if (r.process == p) return r.command;
  return {};
}

// The program ampcl-racecheck started (or a report that names no process).
bool is_the_program(const checked_run& run, const dbg::launch_event& e) {
  return !e.process.recorded() || e.process.pid == run.child.pid;
}

dbg::hazard program_launch(const checked_run& run, const dbg::launch_event& e) {
  if (run.child.signal)
    return dbg::not_checked(dbg::unchecked_reason::crash, e.kernel, e.source,
                            "the process died of " + signal_name(run.child.signal) +
                                " while this launch was being instrumented, built or run" + advice);
  return dbg::not_checked(dbg::unchecked_reason::not_finished, e.kernel, e.source,
                          "the program ended (exit status " +
                              std::to_string(run.child.exit_status) + ") before it was checked" +
                              advice);
}

dbg::hazard descendant_launch(const checked_run& run, const dbg::launch_event& e) {
  const std::string command = command_of(run, e.process);
  return dbg::not_checked(
      dbg::unchecked_reason::not_finished, e.kernel, e.source,
      "process " + std::to_string(e.process.pid) + (command.empty() ? "" : " (" + command + ")") +
          " ended before this launch was checked: it died (of a signal, or by _exit) while the "
          "launch was being instrumented, built or run" +
          advice);
}

}  // namespace

std::vector<dbg::hazard> unfinished_launches(const checked_run& run, const cli_options& o) {
  std::vector<dbg::hazard> out;
  for (const dbg::launch_event& e : run.open_launches) {
    if (already_reported(run, e)) continue;
    dbg::hazard h = is_the_program(run, e) ? program_launch(run, e) : descendant_launch(run, e);
    h.process = e.process;
    out.push_back(std::move(h));
  }
  // A .sim launch that crashed before its launch was announced (the parser, the
  // kernel's own build) is not checked either.
  if (out.empty() && o.mode == run_mode::sim && run.child.signal && run.hazards.empty())
    out.push_back(dbg::not_checked(dbg::unchecked_reason::crash, o.sim_file, o.sim_file,
                                   "the process died of " + signal_name(run.child.signal) +
                                       " before the launch was checked; nothing was checked."));
  return out;
}

}  // namespace ampcl::racecheck
