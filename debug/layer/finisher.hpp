// Checked launches between their enqueue and their report. The application's
// thread returns from clEnqueueNDRangeKernel at once, as it would without the
// layer; a worker thread finishes each launch once the driver completes it
// (reads its shadow state back on the layer's own queue, runs the analysis,
// reports), in whatever order the launches complete, so that no launch waits
// for another (several queues, out-of-order queues, user events). When the
// host waits (clFinish, clWaitForEvents, a blocking call), the launches that
// have completed are finished on its thread before the call returns, so the
// checker never lags behind the program. At exit the worker stops and the
// completed launches are finished; a launch the program never waited for is
// left open in the journal (ampcl-racecheck reports it not finished).

#pragma once

#include <ampcl/detail/cl_handle.hpp>
#include <chrono>
#include <memory>
#include <string>

#include "racecheck_engine.hpp"

namespace ampcl::layer {

struct pending_launch {
  launch_record launch;
  instrumented_launch rewritten;
  ampcl::detail::basic_cl_handle<cl_event> done;
  cl_command_queue readback = nullptr;  // the layer's own queue (checker.hpp)
  std::string journal_id;
};

// Starts the worker on first use. Where the queued launches' shadow passes one
// launch's shadow budget (the device's, for `queue`), waits a while for the oldest.
void finish_later(std::unique_ptr<pending_launch> launch, cl_command_queue queue);

// The host waited for something: finish what has completed, now.
void finish_completed();

// At exit: stops the worker and finishes what has completed.
void finish_all();

// Registers finish_all (then the standalone report) to run at exit, once the
// engine's tables it needs exist, so that they outlive it.
void finish_at_exit();

}  // namespace ampcl::layer
