// Concurrency::accelerator and accelerator_view as C++ AMP has them, wrapping
// ampcl's (include/ampcl/accelerator.hpp): every OpenCL device is an accelerator,
// with its path ("opencl:0:1") and its name as description.
//
// C++ AMP also has the CPU accelerator (device path L"cpu"), the host's memory, where
// staging arrays live. Here it is the first OpenCL CPU device (PoCL), else the
// default device, seen through views of its own: accelerator(cpu_accelerator) and the
// same device by its OpenCL path are two accelerators, as in C++ AMP, and a view
// knows which one it belongs to. direct3d_warp and direct3d_ref (Direct3D's software
// devices) name the OpenCL CPU device, by its own path; where there is none, they
// are accelerators to compare with and ask about that hold no data and run no
// work (software_device below).
#pragma once

#include <ampcl/concurrency/completion_future.h>
#include <ampcl/concurrency/exceptions.h>
#include <ampcl/concurrency/namespace.h>
#include <ampcl/concurrency/view_registry.h>
#include <ampcl/concurrency/wide_string.h>

#include <algorithm>
#include <ampcl/accelerator.hpp>
#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace Concurrency {

using ampcl::access_type;
using ampcl::access_type_auto;
using ampcl::access_type_none;
using ampcl::access_type_read;
using ampcl::access_type_read_write;
using ampcl::access_type_write;
using ampcl::queuing_mode;
using ampcl::queuing_mode_automatic;
using ampcl::queuing_mode_immediate;

class accelerator;
class accelerator_view;

namespace __ampcl {

// The device behind the CPU accelerator: an OpenCL CPU device, else the default.
inline const ampcl::accelerator& host_device() {
  static const ampcl::accelerator device = [] {
    try {
      return ampcl::accelerator(ampcl::accelerator::cpu_accelerator);
    } catch (const ampcl::runtime_exception&) {
      return ampcl::accelerator();
    }
  }();
  return device;
}

inline ampcl::accelerator_view new_view(const ampcl::accelerator& device, queuing_mode mode,
                                        view_kind kind) {
  ampcl::accelerator_view v = device.create_view(mode);
  if (kind != view_kind::device) view_registry::get().mark(v, kind);
  return v;
}

// The CPU accelerator's default view and the automatic-selection view, made once.
inline const ampcl::accelerator_view& host_default_view() {
  static const ampcl::accelerator_view v =
      new_view(host_device(), queuing_mode_automatic, view_kind::host);
  return v;
}
inline const ampcl::accelerator_view& auto_selection_view() {
  static const ampcl::accelerator_view v =
      new_view(ampcl::accelerator(), queuing_mode_automatic, view_kind::auto_selection);
  return v;
}

// Direct3D's software devices where no OpenCL CPU device stands for them (a
// machine whose OpenCL devices are all GPUs). Visual C++ has them on every
// machine, and its samples start with `if (accelerator() ==
// accelerator(accelerator::direct3d_ref))`: here they compare, answer their
// properties and have a default view, and throw, saying what to use instead,
// when asked to hold data or run work.
enum class software_device { none, warp, ref };

inline const wchar_t* software_path(software_device d) {
  return d == software_device::ref ? L"direct3d\\ref" : L"direct3d\\warp";
}

[[noreturn]] inline void software_device_unusable(software_device d) {
  std::string devices;
  for (const ampcl::accelerator& a : ampcl::accelerator::get_all())
    devices += (devices.empty() ? "" : ", ") + a.get_device_path() + " " + a.get_description();
  throw runtime_exception(
      narrow(software_path(d)) + " (Direct3D's " +
          (d == software_device::ref ? "reference" : "WARP") +
          " software device) cannot hold data or run kernels here: it stands for an OpenCL CPU "
          "device, and this machine has none (OpenCL devices: " +
          (devices.empty() ? std::string("none") : devices) +
          "). Use accelerator() (the default accelerator) or one of accelerator::get_all() "
          "instead; for a CPU device, install PoCL (scripts/setup.sh does)",
      E_FAIL);
}

// accelerator::set_default's state beside ampcl's: whether the default is the CPU
// accelerator, and whether it has been used (after which it cannot change).
struct default_choice {
  std::mutex mutex;
  bool host = false;
  bool used = false;
  static default_choice& get() {
    static default_choice c;
    return c;
  }
};

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
  accelerator() : accelerator(default_accelerator) {}
  // A device by path: "opencl:<platform>:<device>", one of the paths above, or an
  // AMPCL_DEVICE-style filter ("gpu", a piece of the name). Throws
  // runtime_exception, listing the devices, when none matches.
  explicit accelerator(const std::wstring& device_path) : accelerator(resolve(device_path)) {}

  // Every OpenCL device, then the CPU accelerator, as Visual C++ lists the hardware
  // first. Code written for HCC (ampcl-c++ --hcc) gets HCC's order, the CPU
  // accelerator first: its libraries take get_all()[1] as the GPU.
  static std::vector<accelerator> get_all() {
    std::vector<accelerator> all;
#if defined(__HCC__)
    all.push_back(accelerator(cpu_accelerator));
#endif
    for (const ampcl::accelerator& a : ampcl::accelerator::get_all()) all.push_back(_From(a));
#if !defined(__HCC__)
    all.push_back(accelerator(cpu_accelerator));
#endif
    return all;
  }
  // Makes `path` the default accelerator. False, and no change, once the default
  // has been used and `path` names another accelerator.
  static bool set_default(const std::wstring& path) {
    if (path == default_accelerator) return true;
    const accelerator wanted(path);
    auto& choice = __ampcl::default_choice::get();
    std::lock_guard<std::mutex> lock(choice.mutex);
    if (choice.used) return wanted == current_default(choice.host);
    if (!ampcl::accelerator::set_default(wanted._Ampcl().get_device_path())) return false;
    choice.host = wanted._M_host;
    return true;
  }
  // The view that lets the runtime choose the accelerator (here: the default one).
  static accelerator_view get_auto_selection_view();

  std::wstring get_device_path() const {
    if (_M_soft != __ampcl::software_device::none) return __ampcl::software_path(_M_soft);
    return _M_host ? std::wstring(cpu_accelerator) : __ampcl::widen(_M_device->get_device_path());
  }
  std::wstring get_description() const {
    if (_M_soft == __ampcl::software_device::ref)
      return L"Direct3D reference device (no OpenCL CPU device here to run it)";
    if (_M_soft == __ampcl::software_device::warp)
      return L"Direct3D WARP device (no OpenCL CPU device here to run it)";
    return _M_host ? std::wstring(L"CPU accelerator")
                   : __ampcl::widen(_M_device->get_description());
  }
  // major << 16 | minor, from the device's OpenCL version (Direct3D 11.0's for a
  // software device standing for none).
  unsigned int get_version() const { return _M_device ? _M_device->get_version() : 0xB0000u; }
  // True while ampcl's race checker is attached.
  bool get_is_debug() const { return _M_device && _M_device->get_is_debug(); }
  // True for CPU devices (as Direct3D's WARP) and the CPU accelerator.
  bool get_is_emulated() const { return !_M_device || _M_host || _M_device->get_is_emulated(); }
  // OpenCL cannot tell: false.
  bool get_has_display() const { return _M_device && _M_device->get_has_display(); }
  // Direct3D's software devices compute in double precision.
  bool get_supports_double_precision() const {
    return !_M_device || _M_device->get_supports_double_precision();
  }
  bool get_supports_limited_double_precision() const {
    return !_M_device || _M_device->get_supports_limited_double_precision();
  }
  bool get_supports_cpu_shared_memory() const {
    return _M_device && _M_device->get_supports_cpu_shared_memory();
  }
  // In KiB.
  std::size_t get_dedicated_memory() const {
    return _M_device ? _M_device->get_dedicated_memory() : 0;
  }
  access_type get_default_cpu_access_type() const {
    return _M_device ? _M_device->get_default_cpu_access_type() : access_type_none;
  }
  // False (and no change) where the device shares no memory with the host and
  // `type` asks for CPU access.
  bool set_default_cpu_access_type(access_type type) {
    if (!_M_device) return type == access_type_none || type == access_type_auto;
    return _M_device->set_default_cpu_access_type(type);
  }
  accelerator_view get_default_view() const;
  accelerator_view create_view(queuing_mode mode = queuing_mode_automatic) const;

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
    return a._M_soft == b._M_soft && a._M_host == b._M_host && a._M_device == b._M_device;
  }
  friend bool operator!=(const accelerator& a, const accelerator& b) { return !(a == b); }

  // For the compatibility layer: the ampcl device (throws for a software device
  // standing for none), and an accelerator for one.
  const ampcl::accelerator& _Ampcl() const {
    if (!_M_device) __ampcl::software_device_unusable(_M_soft);
    return *_M_device;
  }
  static accelerator _From(const ampcl::accelerator& device) { return accelerator(device, false); }

 private:
  friend class accelerator_view;
  accelerator(ampcl::accelerator device, bool host) : _M_device(std::move(device)), _M_host(host) {}
  explicit accelerator(__ampcl::software_device soft) : _M_host(false), _M_soft(soft) {}

  static accelerator current_default(bool host) {
    return host ? accelerator(__ampcl::host_device(), true)
                : accelerator(ampcl::accelerator(), false);
  }

  static accelerator resolve(const std::wstring& path) {
    if (path == default_accelerator) {
      auto& choice = __ampcl::default_choice::get();
      std::lock_guard<std::mutex> lock(choice.mutex);
      choice.used = true;
      return current_default(choice.host);
    }
    if (path == cpu_accelerator) return accelerator(__ampcl::host_device(), true);
    if (path == direct3d_warp || path == direct3d_ref) {
      try {
        return accelerator(ampcl::accelerator(ampcl::accelerator::cpu_accelerator), false);
      } catch (const ampcl::runtime_exception&) {  // no OpenCL CPU device
        return accelerator(path == direct3d_ref ? __ampcl::software_device::ref
                                                : __ampcl::software_device::warp);
      }
    }
    return accelerator(ampcl::accelerator(__ampcl::narrow(path)), false);
  }

  std::optional<ampcl::accelerator> _M_device;  // none for a software device standing for none
  bool _M_host;                                 // the CPU accelerator
  __ampcl::software_device _M_soft = __ampcl::software_device::none;
};

class accelerator_view {
 public:
  accelerator_view(const accelerator_view&) = default;
  // Only to a variable: `a.get_accelerator_view() = v` would change nothing (an
  // array's view is fixed), so it does not compile, as in C++ AMP.
  accelerator_view& operator=(const accelerator_view&) & = default;

  Concurrency::accelerator get_accelerator() const {
    if (_M_soft != __ampcl::software_device::none) return Concurrency::accelerator(_M_soft);
    switch (_M_kind) {
      case __ampcl::view_kind::host:
        return Concurrency::accelerator(Concurrency::accelerator::cpu_accelerator);
      case __ampcl::view_kind::auto_selection:
        return Concurrency::accelerator();
      case __ampcl::view_kind::device:
        break;
    }
    return Concurrency::accelerator::_From(_M_view.get_accelerator());
  }
  // True while ampcl's race checker is attached to this view or to all.
  bool get_is_debug() const { return _M_view.state() && _M_view.get_is_debug(); }
  unsigned int get_version() const {
    return _M_view.state() ? _M_view.get_version() : get_accelerator().get_version();
  }
  Concurrency::queuing_mode get_queuing_mode() const {
    return _M_view.state() ? _M_view.get_queuing_mode() : queuing_mode_automatic;
  }
  bool get_is_auto_selection() const { return _M_kind == __ampcl::view_kind::auto_selection; }

  // Blocks until every command submitted to this view has finished. Throws
  // accelerator_view_removed once the view was removed (a kernel that faulted or
  // never finished within ampcl's watchdog, see ampcl::accelerator_view::wait).
  // A software device's view never had any.
  void wait() const {
    if (_M_view.state()) _M_view.wait();
  }
  // Submits queued commands to the device without waiting.
  void flush() const {
    if (_M_view.state()) _M_view.flush();
  }
  // A future that completes once every command submitted so far has finished.
  completion_future create_marker() const {
    return completion_future::_From(_Ampcl().create_marker());
  }

  __AMPCL_PROPERTY(get = get_accelerator) Concurrency::accelerator accelerator;
  __AMPCL_PROPERTY(get = get_is_debug) bool is_debug;
  __AMPCL_PROPERTY(get = get_version) unsigned int version;
  __AMPCL_PROPERTY(get = get_queuing_mode) Concurrency::queuing_mode queuing_mode;
  __AMPCL_PROPERTY(get = get_is_auto_selection) bool is_auto_selection;

  friend bool operator==(const accelerator_view& a, const accelerator_view& b) {
    return a._M_soft == b._M_soft && a._M_view == b._M_view;
  }
  friend bool operator!=(const accelerator_view& a, const accelerator_view& b) { return !(a == b); }

  // For the compatibility layer: the ampcl view (throws for a software device's,
  // which holds no data and runs no work), and a view for one (which knows
  // whether ampcl's view belongs to the CPU accelerator).
  const ampcl::accelerator_view& _Ampcl() const {
    if (_M_soft != __ampcl::software_device::none) __ampcl::software_device_unusable(_M_soft);
    return _M_view;
  }
  bool _Is_cpu_accelerator() const { return _M_kind == __ampcl::view_kind::host; }
  static accelerator_view _From(const ampcl::accelerator_view& view) {
    return accelerator_view(view, __ampcl::view_registry::get().kind_of(view));
  }

 private:
  friend class Concurrency::accelerator;
  accelerator_view(ampcl::accelerator_view view, __ampcl::view_kind kind)
      : _M_view(std::move(view)), _M_kind(kind) {}
  explicit accelerator_view(__ampcl::software_device soft)
      : _M_view(nullptr), _M_kind(__ampcl::view_kind::device), _M_soft(soft) {}

  ampcl::accelerator_view _M_view;  // null for a software device standing for none
  __ampcl::view_kind _M_kind;
  __ampcl::software_device _M_soft = __ampcl::software_device::none;
};

inline accelerator_view accelerator::get_default_view() const {
  if (_M_soft != __ampcl::software_device::none) return accelerator_view(_M_soft);
  if (_M_host) return accelerator_view(__ampcl::host_default_view(), __ampcl::view_kind::host);
  return accelerator_view(_M_device->get_default_view(), __ampcl::view_kind::device);
}

inline accelerator_view accelerator::create_view(queuing_mode mode) const {
  const ampcl::accelerator& device = _Ampcl();  // a queue: what a software device cannot give
  const auto kind = _M_host ? __ampcl::view_kind::host : __ampcl::view_kind::device;
  return accelerator_view(__ampcl::new_view(device, mode, kind), kind);
}

inline accelerator_view accelerator::get_auto_selection_view() {
  return accelerator_view(__ampcl::auto_selection_view(), __ampcl::view_kind::auto_selection);
}

}  // namespace Concurrency
