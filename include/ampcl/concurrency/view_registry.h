// Which C++ AMP accelerator an ampcl view belongs to (accelerator.h): kept apart
// from accelerator.h, whose properties only Clang compiles, so that the launch
// (translate/runtime) can ask too.
#pragma once

#include <ampcl/concurrency/namespace.h>

#include <algorithm>
#include <ampcl/accelerator.hpp>
#include <atomic>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

namespace Concurrency {
namespace __ampcl {

// Which C++ AMP accelerator a view belongs to: its OpenCL device's, the CPU
// accelerator's, or none in particular (the automatic-selection view).
enum class view_kind { device, host, auto_selection };

// The views that are not plain device views, so that a view handed back by ampcl
// (an array's, say) is recognised. Entries die with their views.
class view_registry {
 public:
  static view_registry& get() {
    static view_registry r;
    return r;
  }
  void mark(const ampcl::accelerator_view& v, view_kind kind) {
    std::lock_guard<std::mutex> lock(_M_mutex);
    _M_views.erase(std::remove_if(_M_views.begin(), _M_views.end(),
                                  [](const entry& e) { return e.first.expired(); }),
                   _M_views.end());
    _M_views.emplace_back(v.state(), kind);
    if (kind == view_kind::host) _M_any_host.store(true, std::memory_order_release);
  }
  // Whether a CPU accelerator view was ever made: launches ask kind_of only then.
  bool any_host() const { return _M_any_host.load(std::memory_order_acquire); }
  view_kind kind_of(const ampcl::accelerator_view& v) {
    std::lock_guard<std::mutex> lock(_M_mutex);
    for (const entry& e : _M_views)
      if (e.first.lock() == v.state()) return e.second;
    return view_kind::device;
  }

 private:
  using entry = std::pair<std::weak_ptr<ampcl::detail::view_state>, view_kind>;
  std::mutex _M_mutex;
  std::vector<entry> _M_views;
  std::atomic<bool> _M_any_host{false};
};

}  // namespace __ampcl
}  // namespace Concurrency
