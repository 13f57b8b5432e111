// accelerator (an OpenCL device) and accelerator_view (a queue on it).
#pragma once

#include <ampcl/access_type.hpp>
#include <ampcl/cl.hpp>
#include <ampcl/completion_future.hpp>

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace ampcl {

class launch_hook;
class accelerator_view;

namespace detail {
struct device_state;
struct view_state;
}  // namespace detail

// Unscoped, as in C++ AMP. Immediate views flush after every command they are given;
// automatic views leave it to the driver (and to flush()/wait()).
enum queuing_mode { queuing_mode_immediate, queuing_mode_automatic };

class accelerator {
 public:
  // Device paths with special meaning, as in C++ AMP.
  static constexpr const char* default_accelerator = "default";
  static constexpr const char* cpu_accelerator = "cpu";

  // The default accelerator: AMPCL_DEVICE's choice, else the first GPU, else the
  // first CPU (see set_default).
  accelerator();
  // A device by path ("opencl:0:1"), or one of the special paths above.
  explicit accelerator(const std::string& device_path);

  // Every device of every OpenCL platform, in platform then device order.
  static std::vector<accelerator> get_all();
  // Makes `path` the default. False once the default has been used (as in C++ AMP).
  static bool set_default(const std::string& path);
  // Why the default accelerator is the default ("AMPCL_DEVICE=gpu", "first GPU").
  static std::string default_reason();

  std::string get_device_path() const;   // "opencl:<platform>:<device>"
  std::string get_description() const;  // device name
  std::string get_platform_name() const;
  // C++ AMP's version number: major << 16 | minor, from CL_DEVICE_VERSION
  // ("OpenCL 3.0 ..." gives 0x30000).
  unsigned get_version() const;
  std::string get_version_string() const;  // CL_DEVICE_VERSION as the driver spells it
  std::string get_driver_version() const;  // CL_DRIVER_VERSION
  std::size_t get_dedicated_memory() const;  // KiB, as C++ AMP reports it
  std::size_t get_max_tile_size() const;     // CL_DEVICE_MAX_WORK_GROUP_SIZE
  std::vector<std::size_t> get_max_tile_extent() const;  // per dimension, AMP order
  std::size_t get_tile_static_memory_size() const;       // CL_DEVICE_LOCAL_MEM_SIZE
  unsigned get_compute_units() const;
  bool get_supports_double_precision() const;
  bool get_supports_limited_double_precision() const;
  bool get_supports_cpu_shared_memory() const;  // host-unified memory
  bool get_supports_images() const;
  bool get_is_emulated() const;  // a CPU device
  // True while a launch hook (race checking, AMPCL_RACECHECK=1) is installed globally.
  bool get_is_debug() const;
  // OpenCL cannot tell whether a device drives a display: always false.
  bool get_has_display() const;
  // The CPU access of arrays created with access_type_auto: access_type_read_write
  // (zero-copy) where the device shares memory with the host, else access_type_none.
  access_type get_default_cpu_access_type() const;
  // Changes it for arrays created from now on. False (and no change) when the device
  // shares no memory with the host and `type` asks for CPU access.
  bool set_default_cpu_access_type(access_type type);
  bool is_gpu() const;
  bool is_cpu() const;

  accelerator_view get_default_view() const;
  accelerator_view create_view(queuing_mode mode = queuing_mode_automatic) const;

  cl_platform_id platform() const;
  cl_device_id device() const;
  cl_context context() const;  // one context per device, shared by its views

  friend bool operator==(const accelerator& a, const accelerator& b) { return a.d_ == b.d_; }
  friend bool operator!=(const accelerator& a, const accelerator& b) { return !(a == b); }

  const std::shared_ptr<detail::device_state>& state() const { return d_; }

 private:
  explicit accelerator(std::shared_ptr<detail::device_state> d) : d_(std::move(d)) {}
  friend class accelerator_view;
  std::shared_ptr<detail::device_state> d_;
};

class accelerator_view {
 public:
  accelerator get_accelerator() const;
  queuing_mode get_queuing_mode() const;
  unsigned get_version() const;  // the accelerator's
  // True when this view's launch hook, or the global one, is installed (race checking).
  bool get_is_debug() const;
  bool get_is_auto_selection() const { return false; }
  // Blocks until every command submitted to this view has finished.
  void wait() const;
  // The same with a watchdog: when the commands have not finished within `timeout`
  // (a kernel that hangs), or one of them failed, throws accelerator_view_removed and
  // marks this view removed, so later work on it throws at once. OpenCL cannot stop
  // a running kernel: it keeps its compute unit until it returns. Other views work on.
  void wait(std::chrono::milliseconds timeout) const;
  // Submits queued commands to the device without waiting.
  void flush() const;
  // A future that completes once every command submitted so far has finished.
  completion_future create_marker() const;

  // The launch hook for this view (race checking); null uses the global one.
  void set_launch_hook(std::shared_ptr<launch_hook> hook);
  std::shared_ptr<launch_hook> get_launch_hook() const;

  cl_command_queue queue() const;
  cl_context context() const;
  cl_device_id device() const;

  friend bool operator==(const accelerator_view& a, const accelerator_view& b) {
    return a.v_ == b.v_;
  }
  friend bool operator!=(const accelerator_view& a, const accelerator_view& b) {
    return !(a == b);
  }

  const std::shared_ptr<detail::view_state>& state() const { return v_; }
  explicit accelerator_view(std::shared_ptr<detail::view_state> v) : v_(std::move(v)) {}

 private:
  std::shared_ptr<detail::view_state> v_;
};

}  // namespace ampcl
