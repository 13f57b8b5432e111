// A kernel launch through the layer, checked: the engine's launch record made
// from what the layer saw (the program's source and options, the arguments as
// set), the instrumented twin of the kernel (built once per device and shadow
// layout, shared by every kernel object of that program and name), enqueued on
// the application's queue with its wait list and handing it the event, then
// passed to the finisher. What cannot be checked runs as it is and is reported
// not checked, with the reason.
#pragma once

#include <CL/cl.h>

namespace ampcl::layer {

cl_int checked_enqueue(cl_command_queue queue, cl_kernel kernel, cl_uint work_dim,
                       const size_t* offset, const size_t* global, const size_t* local,
                       cl_uint num_events, const cl_event* wait_list, cl_event* event);

// ampcl's own runtime checks its launches itself (its launch hook): it calls
// this before each, and the next kernel enqueue of the calling thread passes
// through the layer unchecked and unreported.
void skip_next_launch_on_this_thread();

}  // namespace ampcl::layer
