// accelerator (an OpenCL device) and accelerator_view (a queue on it): C++ AMP's
// classes and ampcl's, one class each (ampcl::accelerator names them), implemented
// in lib/devices/accelerator.cpp. Every OpenCL device is an accelerator, with its
// path ("opencl:0:1") and its name as description.
//
// C++ AMP also has the CPU accelerator (device path L"cpu"), the host's memory, where
// staging arrays live. Here it is the first OpenCL CPU device (PoCL), else the
// default device, seen through views of its own: accelerator(cpu_accelerator) and the
// same device by its OpenCL path are two accelerators, as in C++ AMP, and a view
// knows which one it belongs to. direct3d_warp and direct3d_ref (Direct3D's software
// devices) name the OpenCL CPU device, by its own path; where there is none, they
// are accelerators to compare with and ask about that hold no data and run no work.
//
// What ampcl adds: paths as std::string (UTF-8) and AMPCL_DEVICE-style filters
// ("gpu", a piece of the name), the OpenCL handles, and the device's limits.
#pragma once

#include <ampcl/concurrency/completion_future.h>
#include <ampcl/concurrency/exceptions.h>
#include <ampcl/concurrency/namespace.h>

#include <ampcl/access_type.hpp>
#include <ampcl/cl.hpp>
#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace ampcl {
class launch_hook;
namespace detail {
struct device_state;
struct view_state;
}  // namespace detail
}  // namespace ampcl

namespace Concurrency {

using ampcl::access_type;
using ampcl::access_type_auto;
using ampcl::access_type_none;
using ampcl::access_type_read;
using ampcl::access_type_read_write;
using ampcl::access_type_write;

// Unscoped, as in C++ AMP. Immediate views flush after every command they are given;
// automatic views leave it to the driver (and to flush()/wait()).
enum queuing_mode { queuing_mode_immediate, queuing_mode_automatic };

class accelerator;
class accelerator_view;

namespace __ampcl {

// What an accelerator is: an OpenCL device by its path, C++ AMP's CPU accelerator,
// or one of Direct3D's software devices where no OpenCL CPU device stands for them
// (no device: it holds no data and runs no work).
enum class accelerator_kind : unsigned char { device, cpu, warp, ref };

// Which accelerator a view belongs to (kept with the queue, so that a view handed
// back by the runtime, an array's say, still knows): its device's, the CPU
// accelerator's, or none in particular (the automatic-selection view).
enum class view_kind : unsigned char { device, cpu, auto_selection };

// Every OpenCL device, in platform then device order (lib/devices/accelerator.cpp).
std::vector<accelerator> opencl_devices();

}  // namespace __ampcl

class accelerator {
 public:
  // Device paths with special meaning.
  static constexpr const wchar_t* default_accelerator = L"default";
  static constexpr const wchar_t* cpu_accelerator = L"cpu";
  static constexpr const wchar_t* direct3d_warp = L"direct3d\\warp";
  static constexpr const wchar_t* direct3d_ref = L"direct3d\\ref";

  // The default accelerator: set_default's choice, else AMPCL_DEVICE's, else the
  // first GPU, else the first CPU device.
  accelerator();
  // A device by path: "opencl:<platform>:<device>", one of the paths above, or an
  // AMPCL_DEVICE-style filter ("gpu", a piece of the name). Throws
  // runtime_exception, listing the devices, when none matches.
  explicit accelerator(const std::wstring& device_path);
  explicit accelerator(const std::string& device_path);
  // The runtime's: the accelerator of a device it holds.
  explicit accelerator(std::shared_ptr<ampcl::detail::device_state> device,
                       __ampcl::accelerator_kind kind = __ampcl::accelerator_kind::device);

  // Every OpenCL device, then the CPU accelerator, as Visual C++ lists the hardware
  // first. Code written for HCC (ampcl-c++ --hcc) gets HCC's order, the CPU
  // accelerator first: its libraries take get_all()[1] as the GPU. (ampcl's
  // opencl_devices() lists the devices alone.)
  static std::vector<accelerator> get_all() {
    std::vector<accelerator> all = __ampcl::opencl_devices();
#if defined(__HCC__)
    all.insert(all.begin(), accelerator(cpu_accelerator));
#else
    all.push_back(accelerator(cpu_accelerator));
#endif
    return all;
  }
  // Makes `path` the default accelerator. False, and no change, once the default
  // has been used and `path` names another accelerator.
  static bool set_default(const std::wstring& path);
  static bool set_default(const std::string& path);
  // Why the default accelerator is the default ("AMPCL_DEVICE=gpu", "first GPU").
  static std::string default_reason();
  // The view that lets the runtime choose the accelerator (here: the default one).
  static accelerator_view get_auto_selection_view();

  std::wstring get_device_path() const;
  std::wstring get_description() const;
  // major << 16 | minor, from CL_DEVICE_VERSION ("OpenCL 3.0 ..." gives 0x30000);
  // Direct3D 11.0's for a software device standing for none.
  unsigned int get_version() const;
  // True while a launch hook (race checking, AMPCL_RACECHECK=1) is installed globally.
  bool get_is_debug() const;
  // True for CPU devices (as Direct3D's WARP) and the CPU accelerator.
  bool get_is_emulated() const;
  // OpenCL cannot tell whether a device drives a display: always false.
  bool get_has_display() const;
  // Direct3D's software devices compute in double precision.
  bool get_supports_double_precision() const;
  bool get_supports_limited_double_precision() const;
  bool get_supports_cpu_shared_memory() const;  // host-unified memory
  std::size_t get_dedicated_memory() const;     // KiB, as C++ AMP reports it
  // The CPU access of arrays created with access_type_auto: access_type_read_write
  // (zero-copy) where the device shares memory with the host, else access_type_none.
  access_type get_default_cpu_access_type() const;
  // Changes it for arrays created from now on. False (and no change) when the device
  // shares no memory with the host and `type` asks for CPU access.
  bool set_default_cpu_access_type(access_type type);
  accelerator_view get_default_view() const;
  accelerator_view create_view(queuing_mode mode = queuing_mode_automatic) const;

  // ampcl's: the OpenCL device behind it (the CPU accelerator's too). A software
  // device standing for none throws, saying what to use instead.
  std::string get_opencl_path() const;  // "opencl:<platform>:<device>"
  std::string get_device_name() const;  // CL_DEVICE_NAME
  std::string get_platform_name() const;
  std::string get_version_string() const;  // CL_DEVICE_VERSION as the driver spells it
  std::string get_driver_version() const;  // CL_DRIVER_VERSION
  std::size_t get_max_tile_size() const;   // CL_DEVICE_MAX_WORK_GROUP_SIZE
  std::vector<std::size_t> get_max_tile_extent() const;  // per dimension, AMP order
  std::size_t get_tile_static_memory_size() const;       // CL_DEVICE_LOCAL_MEM_SIZE
  unsigned get_compute_units() const;
  bool get_supports_images() const;
  bool is_gpu() const;
  bool is_cpu() const;
  cl_platform_id platform() const;
  cl_device_id device() const;
  cl_context context() const;  // one context per device, shared by its views
  // The runtime's device (throws for a software device standing for none).
  const std::shared_ptr<ampcl::detail::device_state>& state() const {
    if (!_M_device) _Software_device_unusable();
    return _M_device;
  }

  __AMPCL_PROPERTY(get = get_device_path) std::wstring device_path;
  __AMPCL_PROPERTY(get = get_description) std::wstring description;
  __AMPCL_PROPERTY(get = get_version) unsigned int version;
  __AMPCL_PROPERTY(get = get_is_debug) bool is_debug;
  __AMPCL_PROPERTY(get = get_is_emulated) bool is_emulated;
  __AMPCL_PROPERTY(get = get_has_display) bool has_display;
  __AMPCL_PROPERTY(get = get_supports_double_precision) bool supports_double_precision;
  __AMPCL_PROPERTY(get = get_supports_limited_double_precision)
  bool supports_limited_double_precision;
  __AMPCL_PROPERTY(get = get_supports_cpu_shared_memory) bool supports_cpu_shared_memory;
  __AMPCL_PROPERTY(get = get_dedicated_memory) std::size_t dedicated_memory;
  // Assignable, as the C++ AMP Overview does (`acc.default_cpu_access_type = ...`).
  __AMPCL_PROPERTY(get = get_default_cpu_access_type, put = set_default_cpu_access_type)
  access_type default_cpu_access_type;
  __AMPCL_PROPERTY(get = get_default_view) accelerator_view default_view;

  friend bool operator==(const accelerator& a, const accelerator& b) {
    return a._M_kind == b._M_kind && a._M_device == b._M_device;
  }
  friend bool operator!=(const accelerator& a, const accelerator& b) {
    return !(a == b);
  }

 private:
  friend class accelerator_view;
  [[noreturn]] void _Software_device_unusable() const;
  const ampcl::detail::device_state& _Device() const {
    return *state();
  }

  std::shared_ptr<ampcl::detail::device_state> _M_device;  // null for a software device
  __ampcl::accelerator_kind _M_kind;
};

class accelerator_view {
 public:
  // The runtime's: a view of a queue it holds.
  explicit accelerator_view(std::shared_ptr<ampcl::detail::view_state> view)
      : _M_view(std::move(view)) {}
  accelerator_view(const accelerator_view&) = default;
  // Only to a variable: `a.get_accelerator_view() = v` would change nothing (an
  // array's view is fixed), so it does not compile, as in C++ AMP.
  accelerator_view& operator=(const accelerator_view&) & = default;

  Concurrency::accelerator get_accelerator() const;
  // True when this view's launch hook, or the global one, is installed (race checking).
  bool get_is_debug() const;
  unsigned int get_version() const;  // the accelerator's
  Concurrency::queuing_mode get_queuing_mode() const;
  bool get_is_auto_selection() const;

  // Blocks until every command submitted to this view has finished. Throws
  // accelerator_view_removed once the view was removed (see wait(timeout)). A
  // software device's view never had any.
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

  // ampcl's: the launch hook for this view (race checking); null uses the global one.
  void set_launch_hook(std::shared_ptr<ampcl::launch_hook> hook);
  std::shared_ptr<ampcl::launch_hook> get_launch_hook() const;
  // Whether it is a view of C++ AMP's CPU accelerator (arrays there are staging arrays).
  bool is_cpu_accelerator_view() const;
  // The OpenCL handles. A removed view's queue() throws accelerator_view_removed; a
  // software device's view throws, saying what to use instead.
  cl_command_queue queue() const;
  cl_context context() const;
  cl_device_id device() const;
  // The runtime's queue (throws for a software device's view, which has none).
  const std::shared_ptr<ampcl::detail::view_state>& state() const {
    if (!_M_view) _Software_device_unusable();
    return _M_view;
  }

  __AMPCL_PROPERTY(get = get_accelerator) Concurrency::accelerator accelerator;
  __AMPCL_PROPERTY(get = get_is_debug) bool is_debug;
  __AMPCL_PROPERTY(get = get_version) unsigned int version;
  __AMPCL_PROPERTY(get = get_queuing_mode) Concurrency::queuing_mode queuing_mode;
  __AMPCL_PROPERTY(get = get_is_auto_selection) bool is_auto_selection;

  friend bool operator==(const accelerator_view& a, const accelerator_view& b) {
    return a._M_software == b._M_software && a._M_view == b._M_view;
  }
  friend bool operator!=(const accelerator_view& a, const accelerator_view& b) { return !(a == b); }

 private:
  friend class Concurrency::accelerator;
  explicit accelerator_view(__ampcl::accelerator_kind software) : _M_software(software) {}
  [[noreturn]] void _Software_device_unusable() const;
  const ampcl::detail::view_state& _View() const { return *state(); }

  std::shared_ptr<ampcl::detail::view_state> _M_view;  // null for a software device's
  // The software device a view without a queue belongs to; device for every other view.
  __ampcl::accelerator_kind _M_software = __ampcl::accelerator_kind::device;
};

}  // namespace Concurrency
