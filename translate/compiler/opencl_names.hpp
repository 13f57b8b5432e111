// The names OpenCL C reserves in every program (builtins, macros, vector types).
#pragma once

#include <set>
#include <string>

namespace ampcl::translate {

const std::set<std::string>& opencl_names();

}  // namespace ampcl::translate
