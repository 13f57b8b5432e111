// Runs one kernel from an Oclgrind .sim launch file on ampcl's default
// accelerator: compiles it, reads its parameters from the device compiler,
// creates the described buffers, launches through ampcl::launch_ndrange (so the
// race-check hook sees it like any launch) and prints `dump` buffers the way
// oclgrind-kernel does.
#pragma once

#include <iosfwd>
#include <string>

namespace ampcl::racecheck {

// Throws ampcl::sim::sim_error for a bad launch file and ampcl::runtime_exception
// (or a subclass) for compile and launch failures.
void run_sim_file(const std::string& sim_path, const std::string& build_options,
                  std::ostream& dump_out);

}  // namespace ampcl::racecheck
