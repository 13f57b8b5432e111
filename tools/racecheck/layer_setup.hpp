// What a checked program needs so that its OpenCL launches that do not go
// through ampcl are checked too: the race-check layer in OPENCL_LAYERS (before
// any layer the user set), a folder for the sources of programs written as
// strings, and pyopencl's binary cache off (a program loaded from a binary has
// no source to instrument). The environment passes to the program's children.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "hazard.hpp"

namespace ampcl::racecheck {

// The layer: AMPCL_RACECHECK_LAYER, else the installed one beside this
// executable's lib/ folder, else the build tree's. Empty when none exists.
std::string find_layer();

// Where program sources go: AMPCL_RACECHECK_SOURCES, else the folder
// ampcl-racecheck-sources next to the report (the current folder when the
// report goes to standard output).
std::string sources_folder(const std::string& report_file);

// The variables to set in the child; `sources` is made absolute.
std::vector<std::pair<std::string, std::string>> layer_environment(const std::string& sources);

// Reports name the sources by absolute path; show them as `sources` was given.
void show_sources_as_given(std::vector<debug::hazard>& hazards, const std::string& sources);

}  // namespace ampcl::racecheck
