// The layer's side of the race-check engine: one engine per process (the same
// instrumenter, shadow runtime and analysis as ampcl's own launches), and a
// command queue of the layer's own per context and device, on which shadow
// buffers are set up and read back, so that nothing of the checker waits
// behind the application's commands (or its user events) on its queues.
#pragma once

#include <CL/cl.h>

#include "racecheck_engine.hpp"

namespace ampcl::layer {

debug::racecheck_engine& engine();

// True when a race-check setting has a value the checker cannot read: then no
// launch is checked (each runs as it is), and the report says why, once.
bool checking_off();

// A launch or build hung: reports it not checked and ends the process
// (debug::end_process_gave_up, as the plugin does).
[[noreturn]] void give_up(const debug::hazard& h);

}  // namespace ampcl::layer
