// The launch hook: how tools (the race-detecting debug mode) see and rewrite
// launches without the runtime knowing what they do.
#pragma once

#include <ampcl/cl.hpp>
#include <ampcl/detail/accelerator_fwd.hpp>

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ampcl {

// One bound kernel argument, in kernel parameter order.
struct launch_argument {
  enum class kind { buffer, view_shape, scalar, local_memory, image, sampler };
  kind what = kind::scalar;
  std::string name;       // parameter name from the kernel's argument info
  std::string type_name;  // as OpenCL reports it: "float*", "ampcl_view", "int"
  cl_kernel_arg_address_qualifier address = CL_KERNEL_ARG_ADDRESS_PRIVATE;
  bool is_const = false;               // const-qualified pointee (read-only buffer)
  cl_mem buffer = nullptr;             // kind::buffer
  std::size_t buffer_bytes = 0;        // kind::buffer: size of the whole cl_mem
  std::vector<unsigned char> value;    // kind::scalar and kind::view_shape: the bytes passed
  std::size_t local_bytes = 0;         // kind::local_memory
  // kind::image: `buffer` holds the image (a cl_mem, not a buffer: race checking
  // leaves it alone). kind::sampler: the OpenCL sampler.
  cl_sampler sampler = nullptr;
  // kind::buffer of an array/array_view: the host memory behind it (the user's
  // container, the zero-copy allocation, the owned copy) and the storage, for
  // host/device hazard checks; null when there is none.
  const void* host_data = nullptr;
  std::size_t host_bytes = 0;
  const void* storage = nullptr;
};

// Everything the runtime knows about one launch before it compiles and enqueues.
struct launch_record {
  std::string kernel_name;
  // The whole program source, ampcl.clh expanded, with #line markers. Shared: a
  // driver hands the same text object at every launch of a program, so a hook may
  // find what it derived from the text by the object, without reading the text.
  std::shared_ptr<const std::string> source;
  std::string source_name;  // the kernel's file, or "<string>"
  std::string options;      // build options, -D definitions included
  unsigned work_dim = 1;
  std::size_t global[3] = {1, 1, 1};  // OpenCL order (dimension 0 fastest)
  std::size_t local[3] = {0, 0, 0};   // OpenCL order; all 0 when the driver picks
  bool tiled = false;
  std::vector<launch_argument> args;
};

// What a hook wants launched instead.
struct instrumented_launch {
  // Replaces launch_record::source. Shared: a hook that hands back the same text
  // object for a kernel it rewrote before lets the runtime find that build again
  // without reading the text.
  std::shared_ptr<const std::string> source;
  std::string options;                      // replaces launch_record::options
  std::vector<launch_argument> extra_args;  // appended after the user's arguments
  std::shared_ptr<void> state;              // the hook's own, handed back to after_launch
  // The program already built from `source` and `options` for the view's context
  // and device, which the hook keeps alive; null: the runtime builds it. Set, it
  // spares the driver a second build of the same program.
  cl_program program = nullptr;
};

class launch_hook {
 public:
  virtual ~launch_hook() = default;
  // Returns the launch to run instead, or nullopt to run the original.
  virtual std::optional<instrumented_launch> before_launch(const accelerator_view& view,
                                                           const launch_record& launch) = 0;
  // Called once the rewritten kernel is enqueued; `done` completes with it. The
  // runtime drops `rewritten` after this call: the hook may move from it.
  virtual void after_launch(const accelerator_view& view, const launch_record& launch,
                            instrumented_launch& rewritten, cl_event done) = 0;
  // Called by the host side of array_view before it touches data (host_data,
  // synchronize) that a launch enqueued with a hook used; `launch_pending` when
  // that launch has not completed (ampcl waits for it: not a hazard by itself).
  virtual void on_host_access(const void* /*storage*/, bool /*launch_pending*/) {}
};

// The hook applied to views that have none of their own. When AMPCL_RACECHECK=1
// the runtime loads the debug-mode plugin and installs its hook here.
void set_global_launch_hook(std::shared_ptr<launch_hook> hook);
std::shared_ptr<launch_hook> global_launch_hook();

}  // namespace ampcl
