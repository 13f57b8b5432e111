// Whether any launch hook may apply, answered without a lock on the launch path.
#pragma once

namespace ampcl::detail {

// False while no hook is installed anywhere (a view's or the global one), and
// AMPCL_RACECHECK=1 did not ask for the race-check plugin.
bool any_launch_hook();
// A hook slot went from holding a hook (`had`) to holding one or not (`has`).
void note_launch_hook_change(bool had, bool has);

}  // namespace ampcl::detail
