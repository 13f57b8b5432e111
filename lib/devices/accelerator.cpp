// C++ AMP's accelerator and accelerator_view (include/ampcl/concurrency/accelerator.h),
// which ampcl's API names: a device, C++ AMP's CPU accelerator on one, or a software
// device standing for none.
#include <ampcl/concurrency/wide_string.h>

#include <algorithm>
#include <ampcl/accelerator.hpp>
#include <ampcl/errors.hpp>
#include <cstdio>
#include <mutex>
#include <thread>

#include "devices/device_state.hpp"

namespace Concurrency {

using ampcl::runtime_exception;
namespace detail = ampcl::detail;

namespace {

using __ampcl::accelerator_kind;
using __ampcl::view_kind;

// The default accelerator, once chosen, and whether it has been used (after which
// set_default cannot change it).
struct default_choice {
  std::mutex m;
  std::shared_ptr<detail::device_state> device;
  bool cpu = false;  // C++ AMP's CPU accelerator on that device
  std::string reason;
  bool used = false;
};

default_choice& choice() {
  static default_choice c;
  return c;
}

// The default's device, chosen on first use; `cpu` says whether it is the CPU
// accelerator. `use` marks the default used, after which set_default cannot change
// it: asking which device the CPU accelerator falls back to does not.
std::shared_ptr<detail::device_state> default_device(bool* cpu = nullptr, bool use = true) {
  auto& c = choice();
  std::lock_guard<std::mutex> lock(c.m);
  if (!c.device) c.device = detail::select_default_device(&c.reason);
  c.used = c.used || use;
  if (cpu) *cpu = c.cpu;
  return c.device;
}

// The device behind the CPU accelerator: an OpenCL CPU device, else the default.
const std::shared_ptr<detail::device_state>& cpu_accelerator_device() {
  static const std::shared_ptr<detail::device_state> device = [] {
    auto d = detail::try_find_device("cpu");
    return d ? d : default_device(nullptr, false);
  }();
  return device;
}

accelerator resolve(const std::string& path) {
  const std::wstring wide = __ampcl::widen(path);  // C++ AMP's special paths are wide
  if (wide == accelerator::default_accelerator) {
    bool cpu = false;
    auto d = default_device(&cpu);
    return accelerator(std::move(d), cpu ? accelerator_kind::cpu : accelerator_kind::device);
  }
  if (wide == accelerator::cpu_accelerator)
    return accelerator(cpu_accelerator_device(), accelerator_kind::cpu);
  if (wide == accelerator::direct3d_warp || wide == accelerator::direct3d_ref) {
    if (auto d = detail::try_find_device("cpu")) return accelerator(std::move(d));
    return accelerator(nullptr, wide == accelerator::direct3d_ref ? accelerator_kind::ref
                                                                  : accelerator_kind::warp);
  }
  return accelerator(detail::find_device(path));
}

const wchar_t* software_path(accelerator_kind k) {
  return k == accelerator_kind::ref ? accelerator::direct3d_ref : accelerator::direct3d_warp;
}

// Direct3D's software devices where no OpenCL CPU device stands for them (a machine
// whose OpenCL devices are all GPUs). Visual C++ has them on every machine, and its
// samples start with `if (accelerator() == accelerator(accelerator::direct3d_ref))`:
// here they compare, answer their properties and have a default view, and throw,
// saying what to use instead, when asked to hold data or run work.
[[noreturn]] void software_device_unusable(accelerator_kind k) {
  throw runtime_exception(
      __ampcl::narrow(software_path(k)) + " (Direct3D's " +
          (k == accelerator_kind::ref ? "reference" : "WARP") +
          " software device) cannot hold data or run kernels here: it stands for an OpenCL CPU "
          "device, and this machine has none. Use accelerator() (the default accelerator) or "
          "one of accelerator::get_all() instead; for a CPU device, install PoCL "
          "(scripts/setup.sh does). OpenCL devices:" +
          detail::list_devices(),
      E_FAIL);
}

// The CPU accelerator's default view, and the automatic-selection view, made once.
const std::shared_ptr<detail::view_state>& cpu_accelerator_default_view() {
  static const auto v =
      detail::make_view(cpu_accelerator_device(), queuing_mode_automatic, view_kind::cpu);
  return v;
}

}  // namespace

std::vector<accelerator> __ampcl::opencl_devices() {
  std::vector<accelerator> out;
  for (const auto& d : detail::all_devices()) out.push_back(accelerator(d));
  return out;
}

accelerator::accelerator() : accelerator(std::wstring(default_accelerator)) {}
accelerator::accelerator(const std::wstring& path) : accelerator(__ampcl::narrow(path)) {}
accelerator::accelerator(const std::string& path) : accelerator(resolve(path)) {}
accelerator::accelerator(std::shared_ptr<detail::device_state> device, accelerator_kind kind)
    : _M_device(std::move(device)), _M_kind(kind) {}

bool accelerator::set_default(const std::wstring& path) {
  return set_default(__ampcl::narrow(path));
}

bool accelerator::set_default(const std::string& path) {
  if (__ampcl::widen(path) == default_accelerator) return true;
  const accelerator wanted(path);  // throws, listing the devices, when none matches
  auto& c = choice();
  std::lock_guard<std::mutex> lock(c.m);
  const bool cpu = wanted._M_kind == accelerator_kind::cpu;
  if (c.used) return wanted._M_device == c.device && cpu == c.cpu;
  if (!wanted._M_device) return false;  // a software device standing for none
  c.device = wanted._M_device;
  c.cpu = cpu;
  c.reason = "set_default(\"" + path + "\")";
  return true;
}

std::string accelerator::default_reason() {
  default_device();
  std::lock_guard<std::mutex> lock(choice().m);
  return choice().reason;
}

accelerator_view accelerator::get_auto_selection_view() {
  static const auto v =
      detail::make_view(default_device(), queuing_mode_automatic, view_kind::auto_selection);
  return accelerator_view(v);
}

void accelerator::_Software_device_unusable() const {
  software_device_unusable(_M_kind);
}

std::wstring accelerator::get_device_path() const {
  switch (_M_kind) {
    case accelerator_kind::cpu:
      return cpu_accelerator;
    case accelerator_kind::warp:
    case accelerator_kind::ref:
      if (!_M_device) return software_path(_M_kind);
      break;
    case accelerator_kind::device:
      break;
  }
  return __ampcl::widen(detail::device_path(*_M_device));
}

std::wstring accelerator::get_description() const {
  if (!_M_device)
    return _M_kind == accelerator_kind::ref
               ? L"Direct3D reference device (no OpenCL CPU device here to run it)"
               : L"Direct3D WARP device (no OpenCL CPU device here to run it)";
  if (_M_kind == accelerator_kind::cpu) return L"CPU accelerator";
  return __ampcl::widen(_M_device->info.name);
}

unsigned accelerator::get_version() const {
  if (!_M_device) return 0xB0000u;  // Direct3D 11.0
  // CL_DEVICE_VERSION is "OpenCL <major>.<minor> <vendor-specific>".
  unsigned major = 0, minor = 0;
  if (std::sscanf(_M_device->info.version.c_str(), "OpenCL %u.%u", &major, &minor) != 2) return 0;
  return major << 16 | minor;
}
bool accelerator::get_is_emulated() const {
  return !_M_device || _M_kind == accelerator_kind::cpu || is_cpu();
}
bool accelerator::get_has_display() const {
  return false;
}
bool accelerator::get_supports_double_precision() const {
  return !_M_device || _M_device->info.fp64;
}
bool accelerator::get_supports_limited_double_precision() const {
  return get_supports_double_precision();
}
bool accelerator::get_supports_cpu_shared_memory() const {
  return _M_device && _M_device->info.host_unified;
}
std::size_t accelerator::get_dedicated_memory() const {
  return _M_device ? static_cast<std::size_t>(_M_device->info.global_mem / 1024) : 0;
}
access_type accelerator::get_default_cpu_access_type() const {
  return _M_device ? _M_device->resolved_cpu_access(access_type_auto) : access_type_none;
}
bool accelerator::set_default_cpu_access_type(access_type type) {
  const bool no_cpu_access = type == access_type_none || type == access_type_auto;
  if (!_M_device) return no_cpu_access;
  if (!no_cpu_access && !_M_device->info.host_unified) return false;
  _M_device->default_cpu_access.store(type);
  return true;
}

accelerator_view accelerator::get_default_view() const {
  if (!_M_device) return accelerator_view(_M_kind);
  if (_M_kind == accelerator_kind::cpu) return accelerator_view(cpu_accelerator_default_view());
  return accelerator_view(_M_device->default_view());
}
accelerator_view accelerator::create_view(queuing_mode mode) const {
  _Device();  // a queue: what a software device cannot give
  const view_kind kind = _M_kind == accelerator_kind::cpu ? view_kind::cpu : view_kind::device;
  return accelerator_view(detail::make_view(_M_device, mode, kind));
}

std::string accelerator::get_opencl_path() const {
  return detail::device_path(_Device());
}
std::string accelerator::get_device_name() const {
  return _Device().info.name;
}
std::string accelerator::get_platform_name() const {
  return _Device().info.platform_name;
}
std::string accelerator::get_version_string() const {
  return _Device().info.version;
}
std::string accelerator::get_driver_version() const {
  return _Device().info.driver_version;
}
std::size_t accelerator::get_max_tile_size() const {
  return _Device().info.max_work_group;
}
std::vector<std::size_t> accelerator::get_max_tile_extent() const {
  const auto& sizes = _Device().info.max_item_sizes;
  return {sizes.rbegin(), sizes.rend()};
}
std::size_t accelerator::get_tile_static_memory_size() const {
  return static_cast<std::size_t>(_Device().info.local_mem);
}
unsigned accelerator::get_compute_units() const {
  return _Device().info.compute_units;
}
bool accelerator::get_supports_images() const {
  return _Device().info.images;
}
bool accelerator::is_gpu() const {
  return _M_device && (_M_device->info.type & CL_DEVICE_TYPE_GPU) != 0;
}
bool accelerator::is_cpu() const {
  return _M_device && (_M_device->info.type & CL_DEVICE_TYPE_CPU) != 0;
}
cl_platform_id accelerator::platform() const {
  return _Device().platform;
}
cl_device_id accelerator::device() const {
  return _Device().device;
}
cl_context accelerator::context() const {
  return const_cast<detail::device_state&>(_Device()).context();
}

void accelerator_view::_Software_device_unusable() const {
  software_device_unusable(_M_software);
}

accelerator accelerator_view::get_accelerator() const {
  if (!_M_view) return Concurrency::accelerator(nullptr, _M_software);
  switch (_M_view->kind) {
    case view_kind::cpu:
      return Concurrency::accelerator(_M_view->dev, accelerator_kind::cpu);
    case view_kind::auto_selection:
      return Concurrency::accelerator();
    case view_kind::device:
      break;
  }
  return Concurrency::accelerator(_M_view->dev);
}
Concurrency::queuing_mode accelerator_view::get_queuing_mode() const {
  return _M_view ? _M_view->mode : queuing_mode_automatic;
}
unsigned accelerator_view::get_version() const {
  return get_accelerator().get_version();
}
bool accelerator_view::get_is_auto_selection() const {
  return _M_view && _M_view->kind == view_kind::auto_selection;
}
bool accelerator_view::is_cpu_accelerator_view() const {
  return _M_view && _M_view->kind == view_kind::cpu;
}

completion_future accelerator_view::create_marker() const {
  const detail::view_state& v = _View();
  v.check_usable();
  detail::cl_handle<cl_event> marker;
  detail::check(clEnqueueMarkerWithWaitList(v.queue.get(), 0, nullptr, marker.receive()),
                "clEnqueueMarkerWithWaitList", "in accelerator_view::create_marker");
  marker.adopted();
  detail::after_enqueue(v);
  return completion_future::from_event(marker.get(), v.queue.get());
}

void accelerator_view::wait() const {
  if (!_M_view) return;  // a software device's view: nothing ever ran on it
  _M_view->check_usable();
  detail::check(clFinish(_M_view->queue.get()), "clFinish", "in accelerator_view::wait");
}

void accelerator_view::wait(std::chrono::milliseconds timeout) const {
  using clock = std::chrono::steady_clock;
  if (!_M_view) return;
  detail::view_state& v = *_M_view;
  v.check_usable();
  detail::cl_handle<cl_event> owned;
  detail::check(clEnqueueMarkerWithWaitList(v.queue.get(), 0, nullptr, owned.receive()),
                "clEnqueueMarkerWithWaitList", "in accelerator_view::wait(timeout)");
  owned.adopted();
  const cl_event marker = owned.get();
  detail::check(clFlush(v.queue.get()), "clFlush", "in accelerator_view::wait(timeout)");
  const auto deadline = clock::now() + timeout;
  auto pause = std::chrono::microseconds(50);
  for (;;) {
    cl_int status = CL_QUEUED;
    detail::check(
        clGetEventInfo(marker, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr),
        "clGetEventInfo", "in accelerator_view::wait(timeout)");
    if (status == CL_COMPLETE) return;
    std::string why;
    if (status < 0)
      why = std::string("a command on it failed with ") + ampcl::cl_error_name(status) +
            " (a kernel that faulted, or a device reset)";
    else if (clock::now() >= deadline)
      why = "its commands did not finish within " + std::to_string(timeout.count()) +
            " ms (a kernel that hangs or runs far longer than expected; OpenCL cannot stop it, "
            "so it keeps running on " +
            v.dev->info.name + " until it returns)";
    if (!why.empty()) {
      v.mark_removed(why);
      v.check_usable();  // throws
    }
    std::this_thread::sleep_for(pause);
    pause = std::min<std::chrono::microseconds>(pause * 2, std::chrono::milliseconds(10));
  }
}

void accelerator_view::flush() const {
  if (!_M_view) return;
  _M_view->check_usable();
  detail::check(clFlush(_M_view->queue.get()), "clFlush", "in accelerator_view::flush");
}

// Every enqueue through the public view goes through here: a removed view refuses it.
cl_command_queue accelerator_view::queue() const {
  const detail::view_state& v = _View();
  v.check_usable();
  return v.queue.get();
}
cl_context accelerator_view::context() const {
  return _View().dev->context();
}
cl_device_id accelerator_view::device() const {
  return _View().dev->device;
}

}  // namespace Concurrency
