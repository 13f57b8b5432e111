// Compiled programs and kernels of one device, keyed by source text and options.
// Each program is built once even when many threads ask for it at the same time.
#pragma once

#include <ampcl/cl.hpp>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

#include "support/cl_handle.hpp"

namespace ampcl {
struct kernel_source;
}

namespace ampcl::detail {

struct device_state;

// A kernel parameter as the compiler declared it.
struct param_info {
  std::string name;
  std::string type_name;  // normalized: "float*", "uint", "ampcl_view"
  cl_kernel_arg_address_qualifier address = CL_KERNEL_ARG_ADDRESS_PRIVATE;
  bool pointee_const = false;
  // Derived once, so launches compare without building strings.
  std::string pointee;  // "float" for "float*"; the type itself for values
  bool is_pointer = false;
  bool is_shape = false;  // the ampcl_view that follows an AMPCL_VIEW pointer
  // Images and samplers (textures): __read_only / __write_only, and the rank of
  // image1d_t..image3d_t (0 for other image types such as image2d_array_t).
  cl_kernel_arg_access_qualifier access = CL_KERNEL_ARG_ACCESS_NONE;
  bool is_image = false;
  int image_rank = 0;
  bool is_sampler = false;
};

// A kernel of a built program, with what the driver says of its parameters and
// limits. Immutable once made; what launches keep about it is launch/'s
// (kernel_launch_state).
struct compiled_kernel {
  cl_handle<cl_kernel> kernel;  // the program outlives it inside OpenCL
  cl_handle<cl_program> program;
  std::string name;
  std::string source_name;
  std::vector<param_info> params;
  bool arg_info = false;              // whether params carry names and types
  std::size_t max_work_group = 0;     // CL_KERNEL_WORK_GROUP_SIZE
  std::size_t compiled_tile[3] = {};  // reqd_work_group_size, OpenCL order; 0s: none
  cl_ulong static_local_bytes = 0;    // CL_KERNEL_LOCAL_MEM_SIZE
};

class program_cache {
 public:
  // The kernel `name` of `source` built with `options` for `dev`.
  std::shared_ptr<compiled_kernel> get(device_state& dev,
                                       const std::shared_ptr<const kernel_source>& source,
                                       const std::string& options, const std::string& name);
  // Same, for source text that has no kernel_source (instrumented kernels).
  // `prebuilt`: the program a launch hook built from them already (the race
  // checker's engine), taken instead of a build of its own where it is of this
  // device's context.
  std::shared_ptr<compiled_kernel> get(device_state& dev, const std::string& source,
                                       const std::string& source_name, const std::string& options,
                                       const std::string& name, cl_program prebuilt = nullptr);

 private:
  struct program_entry {
    std::once_flag built;
    cl_handle<cl_program> program;
    std::string error;  // the build failure, rethrown to every later caller
    std::string log;
  };
  // `key_text`: what the disk cache's key hashes for the source (empty: the
  // source itself; else what it was expanded from: kernel_source::key_text).
  std::shared_ptr<program_entry> program_for(device_state& dev, const std::string& source,
                                             const std::string& key_text,
                                             const std::string& source_name,
                                             const std::string& options, cl_program prebuilt);
  std::shared_ptr<compiled_kernel> kernel_for(device_state& dev,
                                              const std::shared_ptr<program_entry>& program,
                                              const std::string& source_name,
                                              const std::string& name);

  std::mutex m_;
  std::map<std::string, std::shared_ptr<program_entry>> programs_;  // source + options
  std::map<std::pair<program_entry*, std::string>, std::shared_ptr<compiled_kernel>> kernels_;
};

}  // namespace ampcl::detail
