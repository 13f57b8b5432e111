// Checked launches between their enqueue and their report. The application's
// thread returns from clEnqueueNDRangeKernel at once, as it would without the
// layer; a worker thread finishes each launch once the driver completes it
// (reads its shadow state back on the layer's own queue, runs the analysis,
// reports), in whatever order the launches complete, so that no launch waits
// for another (several queues, out-of-order queues, user events). At exit the
// launches still pending are finished in order, each under the watchdog.
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

// Starts the worker on first use.
void finish_later(std::unique_ptr<pending_launch> launch);

// Finishes every pending launch; the layer calls it at exit.
void finish_all();

}  // namespace ampcl::layer
