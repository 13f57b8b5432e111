// Shared helpers for the core tests.
#pragma once

#include <ampcl/ampcl.hpp>
#include <gtest/gtest.h>

#include <cstddef>
#include <string>

namespace ampcl_test {

// How many times operator new ran on the calling thread (allocation_count.cpp).
std::size_t allocations_on_this_thread();

inline std::string kernel_path(const std::string& file) {
  return std::string(AMPCL_TEST_KERNELS) + "/" + file;
}

// A value no correct kernel writes: outputs are filled with it before launches.
constexpr int poison_int = -0x5A5A5A5A;
constexpr float poison_float = -1.2345e30f;

// C++ AMP's cpu_accelerator is an OpenCL CPU device here (PoCL in CI); a machine
// with only a GPU driver has none, and tests that need one skip there.
inline bool has_cpu_device() {
  for (const auto& a : ampcl::opencl_devices())
    if (a.is_cpu()) return true;
  return false;
}
#define AMPCL_SKIP_WITHOUT_CPU_DEVICE()                                                 \
  if (!ampcl_test::has_cpu_device())                                                    \
  GTEST_SKIP() << "no OpenCL CPU device here, and C++ AMP's cpu_accelerator is one in " \
                  "ampcl (install PoCL to run this test)"

}  // namespace ampcl_test
