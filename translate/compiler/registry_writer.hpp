// The C++ the host pass compiles in (with -include): each kernel's OpenCL C
// source and parameter table, registered at start-up (kernel_registry.h).
#pragma once

#include <string>

#include "translation.hpp"

namespace ampcl::translate {

std::string registry_source(const translation& t);

}  // namespace ampcl::translate
