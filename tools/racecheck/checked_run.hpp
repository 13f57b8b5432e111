// One checked run: a program started with the race-check plugin switched on
// (AMPCL_RACECHECK=1) and its hazards read back from the JSON-lines file the
// plugin's collector writes at exit (AMPCL_RACECHECK_REPORT, hazards_jsonl.hpp).
#pragma once

#include <string>
#include <vector>

#include "child_process.hpp"
#include "hazard.hpp"
#include "hazards_jsonl.hpp"

namespace ampcl::racecheck {

struct checked_run {
  child_result child;
  std::vector<debug::hazard> hazards;  // as written, not yet deduplicated
  // Launches the child started and never finished checking (a crash, an exit
  // before the report): the journal of hazards_jsonl.hpp.
  std::vector<debug::launch_event> open_launches;
  // Every process that wrote to the report: the program and, under a test
  // runner or script, its descendants (they inherit the checker's environment).
  std::vector<debug::process_record> processes;
  bool report_written = false;  // false: the plugin never ran (no launches?)
};

struct checked_run_settings {
  std::string device;             // AMPCL_DEVICE, empty to inherit
  bool stdout_to_stderr = false;  // see run_child
  // Extra variables for the child (layer_setup.hpp: the OpenCL layer).
  std::vector<std::pair<std::string, std::string>> environment;
  // Where the compile caches are (cache_folder.hpp), for the plain run too.
  std::vector<std::pair<std::string, std::string>> caches;
};

// Throws std::runtime_error when the report directory cannot be made or the
// report cannot be read.
checked_run run_checked(const std::vector<std::string>& argv, const checked_run_settings& settings);

// The variables for the same command run without the checker (--compare-plain):
// the device and the caches.
std::vector<std::pair<std::string, std::string>> plain_environment(
    const checked_run_settings& settings);

// The plugin for the child when AMPCL_RACECHECK_PLUGIN is unset: the installed
// one beside this executable's lib/ folder, else the build tree's. Empty when
// neither exists (the runtime then looks beside libampcl).
std::string find_plugin();

// This executable's path (/proc/self/exe).
std::string self_path();

// A library of ampcl's for the child: the installed one (bin/../<libdir>/<name>
// beside this executable), else `build_path`; empty when neither exists.
std::string find_library(const std::string& name, const std::string& build_path);

}  // namespace ampcl::racecheck
