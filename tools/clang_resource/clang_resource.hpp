// Clang's resource directory (<dir>/include: stddef.h, stdarg.h, the x86 intrinsics,
// opencl-c.h, ...) for the two tools that run Clang 14 in-process: ampcl-c++ and
// ampcl-instrument. An installed ampcl carries its own copy of these headers
// (tools/clang_resource/CMakeLists.txt says which), so neither tool needs the
// build machine's libclang-common-14-dev at run time. The directory is, in order:
//   1. AMPCL_CLANG_RESOURCE_DIR from the environment (only that, when it is set);
//   2. the copy installed with the tool, found relative to its executable;
//   3. the build machine's Clang resource directory (the build tree's tools).
// No Clang here: plain C++17, so both tools (and their tests) can link it.
#pragma once

#include <string>

namespace ampcl::clang_resource {

struct lookup {
  std::string dir;    // the resource directory to pass as -resource-dir; empty if none
  std::string error;  // when `dir` is empty: what was looked for, where, and the fix
};

// The resource directory for a tool whose executable is `executable` (an absolute
// path, symlinks resolved; current_executable() gives the running one's).
lookup find(const std::string& executable);

// The lookup with its inputs spelled out (for tests): `env` is the variable's value
// (null or empty: unset), `installed` and `build` the candidates 2 and 3.
lookup find(const char* env, const std::string& installed, const std::string& build);

// Where the installed copy is for `executable`: <its bin dir>/../<libdir>/ampcl/clang/<version>.
std::string installed_dir(const std::string& executable);

// The build machine's Clang resource directory, fixed at build time.
std::string build_dir();

// The running program's executable (/proc/self/exe); empty if it cannot be read.
std::string current_executable();

}  // namespace ampcl::clang_resource
