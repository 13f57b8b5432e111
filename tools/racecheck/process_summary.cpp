#include "process_summary.hpp"

#include <ostream>

namespace ampcl::racecheck {

namespace dbg = ampcl::debug;

namespace {

std::string count(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

struct process_counts {
  std::size_t hazards = 0;
  std::size_t not_checked = 0;
  std::size_t open = 0;  // launches still open at its end
};

process_counts counts_of(const dbg::process_record& p, const checked_run& run,
                         const std::vector<dbg::hazard>& hazards) {
  process_counts c;
  for (const dbg::hazard& h : hazards) {
    if (h.process != p.process) continue;
    ++(dbg::is_not_checked(h) ? c.not_checked : c.hazards);
  }
  for (const dbg::launch_event& e : run.open_launches) c.open += e.process == p.process;
  return c;
}

}  // namespace

bool checks_several_processes(const checked_run& run) {
  for (const dbg::process_record& p : run.processes)
    if (p.process.recorded() && p.process.pid != run.child.pid) return true;
  return false;
}

std::map<dbg::process_ref, std::string> process_commands(const checked_run& run) {
  std::map<dbg::process_ref, std::string> out;
  for (const dbg::process_record& p : run.processes) out[p.process] = p.command;
  return out;
}

void drop_processes(std::vector<dbg::hazard>& hazards) {
  for (dbg::hazard& h : hazards) h.process = {};
}

void write_process_summary(std::ostream& out, const checked_run& run,
                           const std::vector<dbg::hazard>& hazards) {
  out << "ampcl-racecheck: " << count(run.processes.size(), "process", "processes")
      << " checked:\n";
  for (const dbg::process_record& p : run.processes) {
    const process_counts c = counts_of(p, run, hazards);
    out << "  "
        << (p.process.recorded() ? "pid " + std::to_string(p.process.pid)
                                 : std::string("a process that gave no pid"))
        << ": " << count(p.launches, "launch", "launches");
    if (c.open) out << " (" << c.open << " open at its end)";
    out << ", " << count(c.hazards, "hazard", "hazards") << ", "
        << count(c.not_checked, "kernel", "kernels") << (c.not_checked ? " NOT" : " not")
        << " checked";
    if (!p.command.empty()) out << ": " << p.command;
    out << "\n";
  }
}

}  // namespace ampcl::racecheck
