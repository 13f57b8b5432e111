// Device features a kernel needs beyond what its arguments show: double
// precision used inside the kernel on a device without cl_khr_fp64.
#pragma once

#include <ampcl/errors.hpp>
#include <ampcl/kernel.hpp>
#include <memory>
#include <string>

#include "devices/device_state.hpp"

namespace ampcl::detail {

// Whether a build log blames double precision ("double", "fp64"), as compilers
// do when a kernel uses doubles on a device without cl_khr_fp64.
bool build_log_blames_fp64(const std::string& log);

// The kernel compiled for `dev` (cached). A build that fails on a device
// without fp64 because of doubles throws unsupported_feature (with the build
// log) instead of build_error: the fix is another device or float, not the
// kernel's syntax.
std::shared_ptr<compiled_kernel> compile_for_device(device_state& dev, const kernel& k,
                                                    const std::string& options);

}  // namespace ampcl::detail
