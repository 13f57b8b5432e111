// Whether any launch hook may apply, answered without a lock on the launch path.
#pragma once

#include <atomic>

namespace ampcl::detail {

// Constant-initialized, in one cache line: no guard variable and no call for a
// launch to read them.
struct alignas(64) launch_hook_flags {
  // AMPCL_RACECHECK asked for the race-check plugin: -1 until read (once), then 0 or 1.
  std::atomic<int> requested{-1};
  // Hooks installed now, on views and globally.
  std::atomic<int> installed{0};
};
extern launch_hook_flags hook_flags;

// Reads AMPCL_RACECHECK into hook_flags.requested the first time; its value.
bool read_racecheck_request();

// False while no hook is installed anywhere (a view's or the global one), and
// AMPCL_RACECHECK=1 did not ask for the race-check plugin.
inline bool any_launch_hook() {
  // AMPCL_RACECHECK is read once; the plugin itself loads at the first launch.
  const int requested = hook_flags.requested.load(std::memory_order_acquire);
  if (requested < 0 ? read_racecheck_request() : requested != 0) return true;
  return hook_flags.installed.load(std::memory_order_acquire) != 0;
}

}  // namespace ampcl::detail
