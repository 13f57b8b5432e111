// Matching bound arguments to a kernel's parameters: every check (a mismatch is an
// argument_error that names the parameter and the fix), buffers made current on
// the launch's device, and the value each parameter gets.
#pragma once

#include <ampcl/accelerator.hpp>
#include <ampcl/detail/bound_arg.hpp>
#include <ampcl/launch_hook.hpp>
#include <vector>

#include "launch/kernel_state.hpp"

namespace ampcl::detail {

// Binds the arguments and sets each parameter on the kernel (one it already holds
// is not set again). Call with state.m held. True when every array and view was
// already resident for its access (nothing moved or changed state): the launch
// may then be kept for repeats.
bool bind_and_set(const accelerator_view& view, kernel_launch_state& state, const bound_arg* args,
                  std::size_t count);

// Binds the same way, describing the parameters' values for a launch hook instead
// of setting them (the hook may rewrite the kernel and add arguments).
std::vector<launch_argument> bind_for_hook(const accelerator_view& view, kernel_launch_state& state,
                                           const bound_arg* args, std::size_t count);

// Sets described values on the kernel from parameter `first` on. Call with state.m held.
void set_described(kernel_launch_state& state, const std::vector<launch_argument>& args,
                   cl_uint first = 0);

}  // namespace ampcl::detail
