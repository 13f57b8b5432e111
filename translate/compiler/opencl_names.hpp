// The names OpenCL C reserves in every program (builtins, macros, vector types).
#pragma once

#include <set>
#include <string>

namespace ampcl::translate {

const std::set<std::string>& opencl_names();

// OpenCL C keywords, and every builtin, macro and vector type name (opencl_names):
// no generated declaration may use one.
bool reserved_word(const std::string& n);

}  // namespace ampcl::translate
