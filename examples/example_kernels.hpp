// Where the ported examples find their OpenCL C kernels: the absolute path of
// examples/kernels/, fixed at build time, so the programs run from any folder.
#pragma once

#include <string>

namespace ampcl_examples {

inline std::string kernel_path(const std::string& file) {
  return std::string(AMPCL_EXAMPLE_KERNELS) + "/" + file;
}

}  // namespace ampcl_examples
