// The launch hooks: the process-wide one (with the race-check plugin loaded when
// AMPCL_RACECHECK=1 asks for it) and each view's own. The runtime knows nothing
// else of the debug mode.
#include <dlfcn.h>

#include <algorithm>
#include <ampcl/accelerator.hpp>
#include <ampcl/detail/settings.hpp>
#include <ampcl/errors.hpp>
#include <ampcl/launch_hook.hpp>
#include <atomic>
#include <cstdlib>
#include <mutex>
#include <string>
#include <vector>

#include "launch/hook_state.hpp"
#include "support/log.hpp"

namespace ampcl {

namespace {

// A view's own hook. The view is held weakly: its slot goes when it dies.
struct view_hook {
  std::weak_ptr<detail::view_state> view;
  std::shared_ptr<launch_hook> hook;
};

struct registry {
  std::mutex m;
  std::shared_ptr<launch_hook> hook;
  bool env_checked = false;
  std::vector<view_hook> views;  // few: views with a hook installed
};

registry& reg() {
  static registry r;
  return r;
}

// libampcl_racecheck.so beside this library, else wherever the loader finds it.
std::string plugin_path() {
  if (std::optional<std::string> p = detail::settings::text(detail::settings::id::racecheck_plugin))
    return *p;
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&plugin_path), &info) && info.dli_fname) {
    std::string self = info.dli_fname;
    const auto slash = self.find_last_of('/');
    if (slash != std::string::npos) return self.substr(0, slash + 1) + "libampcl_racecheck.so";
  }
  return "libampcl_racecheck.so";
}

std::shared_ptr<launch_hook> load_plugin() {
  const std::string path = plugin_path();
  void* lib = dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
  if (!lib) lib = dlopen("libampcl_racecheck.so", RTLD_NOW | RTLD_GLOBAL);
  if (!lib)
    throw runtime_exception(std::string("AMPCL_RACECHECK=1 but the race-check plugin could not be "
                                        "loaded (") +
                            dlerror() +
                            "): build ampcl with -DAMPCL_RACECHECK=ON, or point "
                            "AMPCL_RACECHECK_PLUGIN at libampcl_racecheck.so");
  using factory = launch_hook* (*)();
  auto make = reinterpret_cast<factory>(dlsym(lib, "ampcl_racecheck_create_hook"));
  if (!make)
    throw runtime_exception(path +
                            " is not an ampcl race-check plugin (no "
                            "ampcl_racecheck_create_hook): rebuild it with this ampcl");
  detail::log(detail::log_level::info, "race checking on: loaded ", path);
  return std::shared_ptr<launch_hook>(make());
}

bool same_view(const std::weak_ptr<detail::view_state>& a,
               const std::shared_ptr<detail::view_state>& b) {
  return !a.owner_before(b) && !b.owner_before(a);
}

bool racecheck_requested() {
  return detail::settings::on(detail::settings::id::racecheck).value_or(false);
}

// Drops the slots of views that died; `r.m` held.
void forget_dead_views(registry& r) {
  auto dead = std::remove_if(r.views.begin(), r.views.end(),
                             [](const view_hook& v) { return v.view.expired(); });
  detail::hook_flags.installed.fetch_sub(static_cast<int>(r.views.end() - dead),
                                         std::memory_order_acq_rel);
  r.views.erase(dead, r.views.end());
}

// A hook slot went from holding a hook (`had`) to holding one or not (`has`).
void note_hook_change(bool had, bool has) {
  if (has != had) detail::hook_flags.installed.fetch_add(has ? 1 : -1, std::memory_order_acq_rel);
}

}  // namespace

namespace detail {
launch_hook_flags hook_flags;

bool read_racecheck_request() {
  int expected = -1;
  // The first reader's answer stands for the process, as a static once did.
  hook_flags.requested.compare_exchange_strong(expected, racecheck_requested() ? 1 : 0,
                                               std::memory_order_acq_rel);
  return hook_flags.requested.load(std::memory_order_acquire) != 0;
}
}  // namespace detail

void set_global_launch_hook(std::shared_ptr<launch_hook> hook) {
  auto& r = reg();
  std::lock_guard<std::mutex> lock(r.m);
  note_hook_change(r.hook != nullptr, hook != nullptr);
  r.hook = std::move(hook);
  r.env_checked = true;
}

std::shared_ptr<launch_hook> global_launch_hook() {
  auto& r = reg();
  std::lock_guard<std::mutex> lock(r.m);
  if (!r.env_checked) {
    r.env_checked = true;
    if (racecheck_requested()) r.hook = load_plugin();
  }
  return r.hook;
}

}  // namespace ampcl

namespace Concurrency {

void accelerator_view::set_launch_hook(std::shared_ptr<ampcl::launch_hook> hook) {
  auto& r = ampcl::reg();
  std::lock_guard<std::mutex> lock(r.m);
  ampcl::forget_dead_views(r);
  auto slot = std::find_if(r.views.begin(), r.views.end(), [&](const ampcl::view_hook& v) {
    return ampcl::same_view(v.view, state());
  });
  if (slot != r.views.end()) {
    if (hook) {
      slot->hook = std::move(hook);
    } else {
      r.views.erase(slot);
      ampcl::note_hook_change(true, false);
    }
  } else if (hook) {
    r.views.push_back({state(), std::move(hook)});
    ampcl::note_hook_change(false, true);
  }
}

std::shared_ptr<ampcl::launch_hook> accelerator_view::get_launch_hook() const {
  if (!_M_view) return nullptr;  // a software device's view: nothing runs there
  if (ampcl::detail::hook_flags.installed.load(std::memory_order_acquire) == 0) return nullptr;
  auto& r = ampcl::reg();
  std::lock_guard<std::mutex> lock(r.m);
  ampcl::forget_dead_views(r);
  const auto slot = std::find_if(r.views.begin(), r.views.end(), [&](const ampcl::view_hook& v) {
    return ampcl::same_view(v.view, state());
  });
  return slot == r.views.end() ? nullptr : slot->hook;
}

bool accelerator_view::get_is_debug() const {
  return get_launch_hook() != nullptr || ampcl::global_launch_hook() != nullptr;
}

bool accelerator::get_is_debug() const {
  return ampcl::global_launch_hook() != nullptr;
}

}  // namespace Concurrency
