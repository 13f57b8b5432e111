// Whether any launch hook may apply, answered without a lock on the launch path.
#pragma once

namespace ampcl::detail {

// False while no hook is installed anywhere (a view's or the global one), and
// AMPCL_RACECHECK=1 did not ask for the race-check plugin.
bool any_launch_hook();

}  // namespace ampcl::detail
