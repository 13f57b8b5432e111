// instrument_result over a pipe. The instrumenter runs in its own process
// (ampcl-instrument) because Clang 14's libraries cannot share a process with the
// OpenCL driver's own Clang (PoCL links libclang-cpp 15; its unversioned symbols
// would resolve to ours and crash the driver's compiler).
#pragma once

#include <iosfwd>
#include <string>

#include "instrument.hpp"

namespace ampcl::debug {

void write_result(std::ostream& out, const instrument_result& r);
// Throws std::runtime_error on malformed input.
instrument_result read_result(std::istream& in);

// Runs the instrumenter in a child process: AMPCL_INSTRUMENT_TOOL, else the
// ampcl-instrument next to this library, in ../libexec/ampcl, in the installed bin
// directory, or in the build tree. Failures (no tool,
// crash) come back as ok == false with the reason in diagnostics.
// The ampcl-instrument that instrument_in_subprocess runs (a path, or a bare name
// looked up in PATH).
std::string instrument_tool();

instrument_result instrument_in_subprocess(const std::string& source,
                                           const std::string& source_name,
                                           const std::string& build_options,
                                           const std::string& kernel_name);

}  // namespace ampcl::debug
