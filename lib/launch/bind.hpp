// Matching bound arguments to a kernel's parameters, and setting them.
#pragma once

#include <ampcl/accelerator.hpp>
#include <ampcl/detail/bound_arg.hpp>
#include <ampcl/launch_hook.hpp>
#include <vector>

#include "programs/program_cache.hpp"

namespace ampcl::detail {

// One kernel parameter's value, ready for clSetKernelArg.
struct arg_binding {
  enum class kind : unsigned char { buffer, bytes, local_memory, sampler };
  kind what = kind::bytes;
  cl_mem mem = nullptr;            // kind::buffer (a buffer or an image)
  cl_sampler sampler = nullptr;    // kind::sampler
  const void* data = nullptr;      // kind::bytes: points into the caller's argument
  std::size_t size = 0;            // kind::bytes and kind::local_memory
  const bound_arg* arg = nullptr;  // the argument it came from
};

// Checks every argument against its parameter (throwing argument_error that names
// the parameter and the fix), makes buffers current on `view`'s device, and
// fills `out` (one entry per parameter). Allocates only when `out` must grow.
// True when every array and view was already resident for its access (no
// transfer or state change was needed): the launch may then be remembered.
bool bind_arguments(const accelerator_view& view, const compiled_kernel& ck, const bound_arg* args,
                    std::size_t count, std::vector<arg_binding>& out);

// clSetKernelArg for each binding from parameter `first` on, skipping values the
// kernel already holds. Call with ck.launch_mutex held.
void set_arguments(compiled_kernel& ck, const std::vector<arg_binding>& args, cl_uint first = 0);

// The full description of the bound arguments, for launch hooks.
std::vector<launch_argument> describe_for_hook(const compiled_kernel& ck,
                                               const std::vector<arg_binding>& args);
// Bindings for arguments a hook appends (they live in `extra`).
void append_hook_arguments(const std::vector<launch_argument>& extra,
                           std::vector<arg_binding>& out);

}  // namespace ampcl::detail
