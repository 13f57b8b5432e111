// Matching bound arguments to a kernel's parameters.
#pragma once

#include <ampcl/accelerator.hpp>
#include <ampcl/detail/bound_arg.hpp>
#include <ampcl/launch_hook.hpp>

#include "programs/program_cache.hpp"

#include <vector>

namespace ampcl::detail {

// Checks every argument against its parameter (throwing argument_error that names
// the parameter and the fix), makes buffers current on `view`'s device, and
// returns the OpenCL-level arguments in parameter order.
std::vector<launch_argument> bind_arguments(const accelerator_view& view,
                                            const compiled_kernel& ck,
                                            std::vector<bound_arg>& args);

// clSetKernelArg for each argument, starting at parameter `first`.
void set_arguments(const compiled_kernel& ck, const std::vector<launch_argument>& args,
                   cl_uint first = 0);

}  // namespace ampcl::detail
