// Whether any launch hook may apply, answered without a lock on the launch path.
#pragma once

namespace ampcl::detail {

// False until a hook is installed anywhere (a view's or the global one, including
// the race-check plugin that AMPCL_RACECHECK=1 loads).
bool any_launch_hook();
void note_launch_hook_installed();

}  // namespace ampcl::detail
