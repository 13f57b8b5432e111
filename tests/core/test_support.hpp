// Shared helpers for the core tests.
#pragma once

#include <ampcl/ampcl.hpp>

#include <string>

namespace ampcl_test {

inline std::string kernel_path(const std::string& file) {
  return std::string(AMPCL_TEST_KERNELS) + "/" + file;
}

// A value no correct kernel writes: outputs are filled with it before launches.
constexpr int poison_int = -0x5A5A5A5A;
constexpr float poison_float = -1.2345e30f;

}  // namespace ampcl_test
