// Launches a checked run announced and never finished checking, as "not
// checked" reports: a process died (or its watchdog gave up) while they were
// built or run, or it ended before they were checked.
#pragma once

#include <vector>

#include "checked_run.hpp"
#include "cli_options.hpp"
#include "hazard.hpp"

namespace ampcl::racecheck {

// One report per open launch of run.open_launches, attributed to its process.
// A launch of the program itself says how the program ended (run.child); one of
// a descendant (a test a runner started) says its process ended, as the checker
// cannot see how. A launch already reported not checked (the watchdog's own
// report) is not reported twice.
std::vector<debug::hazard> unfinished_launches(const checked_run& run, const cli_options& o);

}  // namespace ampcl::racecheck
