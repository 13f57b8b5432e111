// A checked run of several processes (`ampcl-racecheck -- ctest -j2`, a test
// script): which hazards each process found, and a summary line per process.
#pragma once

#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include "checked_run.hpp"
#include "hazard.hpp"

namespace ampcl::racecheck {

// True when a process other than the program ampcl-racecheck started wrote to
// the report (the program is a test runner or a script). Only then do reports
// name processes, so a single program's report reads as it always did.
bool checks_several_processes(const checked_run& run);

// The command line of each process the report names, for report_info::commands.
std::map<debug::process_ref, std::string> process_commands(const checked_run& run);

// Forgets which process found each hazard (a single program's report).
void drop_processes(std::vector<debug::hazard>& hazards);

// "ampcl-racecheck: 3 processes checked:" and one line per process, in the
// order they first wrote: its launches, hazards and kernels not checked (counted
// in `hazards`, the report's final list), then its command line.
void write_process_summary(std::ostream& out, const checked_run& run,
                           const std::vector<debug::hazard>& hazards);

}  // namespace ampcl::racecheck
