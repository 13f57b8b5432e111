// Host/device hazards the OpenCL API shows: a command that reads or writes a
// buffer (a read, write, fill, copy, map or unmap) while a kernel that writes
// it, or for a host write reads it, may still be running. OpenCL orders a
// command after a kernel only by the same in-order queue, an event in its wait
// list that follows the kernel, a marker or barrier that waits for it, or the
// host having waited for the kernel (clFinish, clWaitForEvents, a blocking call,
// its event seen complete). Anything else is a race, whether or not the kernel
// happened to be done: so the check does not depend on timing.
//
// Events the layer did not see made (user events, commands it does not follow)
// count as ordering everything: the check never reports what it cannot prove.
#pragma once

#include <CL/cl.h>

#include <cstddef>
#include <string>
#include <vector>

#include "instrument.hpp"
#include "racecheck_engine.hpp"
#include "registry.hpp"

namespace ampcl::layer {

// A kernel launched through the layer (its completion event `done`).
void note_kernel_launch(cl_command_queue queue, cl_event done, const kernel_info& kernel,
                        const launch_record& launch, const debug::instrument_result& program);

// One buffer a memory command touches.
struct buffer_use {
  cl_mem mem = nullptr;
  std::size_t offset = 0;
  std::size_t bytes = 0;  // 0: to the end of the buffer
  bool reads = false;     // the command reads the buffer (a map for reading, a read...)
  bool writes = false;
};

// Before a memory command is enqueued: reports each kernel it races with.
void check_memory_command(const char* call, cl_command_queue queue,
                          const std::vector<buffer_use>& uses, cl_uint num_events,
                          const cl_event* wait_list);

// After a command was enqueued: its event (may be null) and wait list, whether
// it waits for everything before it on its queue (a marker or barrier without
// a wait list) and whether the call blocked until it completed.
void note_command(cl_command_queue queue, cl_event event, cl_uint num_events,
                  const cl_event* wait_list, bool waits_for_all, bool blocked);

// The host waited: clFinish(queue), clWaitForEvents, an event seen complete.
void note_queue_finished(cl_command_queue queue);
void note_events_waited(cl_uint num_events, const cl_event* events);

}  // namespace ampcl::layer
