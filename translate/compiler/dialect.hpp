// Which C++ ampcl-c++ reads. C++ AMP code in the wild was written for Visual C++
// (and some for HCC, AMD's Clang-based C++ AMP compiler), so Visual C++'s dialect
// is the default, as clang-cl takes Windows code: the platform stays Linux (no
// _WIN32), the GNU environment libstdc++ and glibc expect is kept.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace ampcl::translate {

enum class dialect {
  visual_cpp,  // late template parsing, Microsoft extensions, _MSC_VER (the default)
  hcc,         // GNU C++ with HCC's leniencies (--hcc)
  standard,    // ISO C++ as Clang reads it, C++ AMP's rules only
};

// The dialect named on the command line (--dialect=NAME), or nothing.
std::optional<dialect> dialect_named(const std::string& name);
const char* name_of(dialect d);

// The Clang flags both passes put before the user's own, so that a user flag
// (-fno-delayed-template-parsing, -D_MSC_VER=1800, -fms-compatibility-version=18)
// still decides. `user_args` are the user's compiler flags, read for those.
std::vector<std::string> dialect_flags(dialect d, const std::vector<std::string>& user_args);

// The flags of the translation pass only: macros HCC defined while it compiled
// device code (kernels may test them with #ifdef).
std::vector<std::string> device_dialect_flags(dialect d);

}  // namespace ampcl::translate
