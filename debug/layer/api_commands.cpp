// Kernel launches (checked: launch_check.hpp), the commands that move or map
// buffer memory (checked against running kernels: command_order.hpp) and the
// host's waits (which order what came before them).
#include <ampcl/detail/cl_handle.hpp>
#include <vector>

#include "command_order.hpp"
#include "driver.hpp"
#include "finisher.hpp"
#include "intercept.hpp"
#include "launch_check.hpp"

namespace ampcl::layer {

namespace {

// Runs the command with an event of the layer's own when the application asked
// for none, so later wait lists and waits can be told apart; notes it after.
template <class Enqueue>
cl_int noted(cl_command_queue q, cl_uint n, const cl_event* waits, cl_event* event,
             bool waits_for_all, bool blocking, Enqueue enqueue) {
  ampcl::detail::basic_cl_handle<cl_event> mine;
  cl_event* out = event ? event : mine.receive();
  const cl_int err = enqueue(out);
  if (err == CL_SUCCESS) note_command(q, *out, n, waits, waits_for_all, blocking);
  if (err == CL_SUCCESS && blocking) finish_completed();
  return err;
}

cl_int CL_API_CALL enqueue_nd_range_kernel(cl_command_queue q, cl_kernel k, cl_uint dims,
                                           const size_t* offset, const size_t* global,
                                           const size_t* local, cl_uint n, const cl_event* waits,
                                           cl_event* event) {
  return checked_enqueue(q, k, dims, offset, global, local, n, waits, event);
}

cl_int CL_API_CALL enqueue_task(cl_command_queue q, cl_kernel k, cl_uint n, const cl_event* waits,
                                cl_event* event) {
  const size_t one = 1;
  return checked_enqueue(q, k, 1, nullptr, &one, &one, n, waits, event);
}

cl_int CL_API_CALL enqueue_read_buffer(cl_command_queue q, cl_mem m, cl_bool blocking,
                                       size_t offset, size_t size, void* ptr, cl_uint n,
                                       const cl_event* waits, cl_event* event) {
  check_memory_command("clEnqueueReadBuffer", q, {{m, offset, size, true, false}}, n, waits);
  return noted(q, n, waits, event, false, blocking, [&](cl_event* e) {
    return clEnqueueReadBuffer(q, m, blocking, offset, size, ptr, n, waits, e);
  });
}

cl_int CL_API_CALL enqueue_write_buffer(cl_command_queue q, cl_mem m, cl_bool blocking,
                                        size_t offset, size_t size, const void* ptr, cl_uint n,
                                        const cl_event* waits, cl_event* event) {
  check_memory_command("clEnqueueWriteBuffer", q, {{m, offset, size, false, true}}, n, waits);
  return noted(q, n, waits, event, false, blocking, [&](cl_event* e) {
    return clEnqueueWriteBuffer(q, m, blocking, offset, size, ptr, n, waits, e);
  });
}

// Rect commands: the whole buffer counts (the rectangle's span is at most that).
cl_int CL_API_CALL enqueue_read_buffer_rect(cl_command_queue q, cl_mem m, cl_bool blocking,
                                            const size_t* bo, const size_t* ho,
                                            const size_t* region, size_t brp, size_t bsp,
                                            size_t hrp, size_t hsp, void* ptr, cl_uint n,
                                            const cl_event* waits, cl_event* event) {
  check_memory_command("clEnqueueReadBufferRect", q, {{m, 0, 0, true, false}}, n, waits);
  return noted(q, n, waits, event, false, blocking, [&](cl_event* e) {
    return below().clEnqueueReadBufferRect(q, m, blocking, bo, ho, region, brp, bsp, hrp, hsp, ptr,
                                           n, waits, e);
  });
}

cl_int CL_API_CALL enqueue_write_buffer_rect(cl_command_queue q, cl_mem m, cl_bool blocking,
                                             const size_t* bo, const size_t* ho,
                                             const size_t* region, size_t brp, size_t bsp,
                                             size_t hrp, size_t hsp, const void* ptr, cl_uint n,
                                             const cl_event* waits, cl_event* event) {
  check_memory_command("clEnqueueWriteBufferRect", q, {{m, 0, 0, false, true}}, n, waits);
  return noted(q, n, waits, event, false, blocking, [&](cl_event* e) {
    return below().clEnqueueWriteBufferRect(q, m, blocking, bo, ho, region, brp, bsp, hrp, hsp, ptr,
                                            n, waits, e);
  });
}

cl_int CL_API_CALL enqueue_copy_buffer(cl_command_queue q, cl_mem src, cl_mem dst,
                                       size_t src_offset, size_t dst_offset, size_t size, cl_uint n,
                                       const cl_event* waits, cl_event* event) {
  check_memory_command("clEnqueueCopyBuffer", q,
                       {{src, src_offset, size, true, false}, {dst, dst_offset, size, false, true}},
                       n, waits);
  return noted(q, n, waits, event, false, false, [&](cl_event* e) {
    return below().clEnqueueCopyBuffer(q, src, dst, src_offset, dst_offset, size, n, waits, e);
  });
}

cl_int CL_API_CALL enqueue_copy_buffer_rect(cl_command_queue q, cl_mem src, cl_mem dst,
                                            const size_t* so, const size_t* d_o,
                                            const size_t* region, size_t srp, size_t ssp,
                                            size_t drp, size_t dsp, cl_uint n,
                                            const cl_event* waits, cl_event* event) {
  check_memory_command("clEnqueueCopyBufferRect", q,
                       {{src, 0, 0, true, false}, {dst, 0, 0, false, true}}, n, waits);
  return noted(q, n, waits, event, false, false, [&](cl_event* e) {
    return below().clEnqueueCopyBufferRect(q, src, dst, so, d_o, region, srp, ssp, drp, dsp, n,
                                           waits, e);
  });
}

cl_int CL_API_CALL enqueue_fill_buffer(cl_command_queue q, cl_mem m, const void* pattern,
                                       size_t pattern_size, size_t offset, size_t size, cl_uint n,
                                       const cl_event* waits, cl_event* event) {
  check_memory_command("clEnqueueFillBuffer", q, {{m, offset, size, false, true}}, n, waits);
  return noted(q, n, waits, event, false, false, [&](cl_event* e) {
    return clEnqueueFillBuffer(q, m, pattern, pattern_size, offset, size, n, waits, e);
  });
}

void* CL_API_CALL enqueue_map_buffer(cl_command_queue q, cl_mem m, cl_bool blocking,
                                     cl_map_flags flags, size_t offset, size_t size, cl_uint n,
                                     const cl_event* waits, cl_event* event, cl_int* errcode_ret) {
  // A map for writing (unless it invalidates the region) also reads: the host
  // sees the buffer's contents.
  const bool writes = (flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) != 0;
  const bool reads = (flags & CL_MAP_WRITE_INVALIDATE_REGION) == 0;
  check_memory_command("clEnqueueMapBuffer", q, {{m, offset, size, reads, writes}}, n, waits);
  void* mapped = nullptr;
  cl_int err = noted(q, n, waits, event, false, blocking, [&](cl_event* e) {
    cl_int status = CL_SUCCESS;
    mapped = below().clEnqueueMapBuffer(q, m, blocking, flags, offset, size, n, waits, e, &status);
    return status;
  });
  if (errcode_ret) *errcode_ret = err;
  return mapped;
}

cl_int CL_API_CALL enqueue_marker_with_wait_list(cl_command_queue q, cl_uint n,
                                                 const cl_event* waits, cl_event* event) {
  return noted(q, n, waits, event, n == 0, false,
               [&](cl_event* e) { return clEnqueueMarkerWithWaitList(q, n, waits, e); });
}

cl_int CL_API_CALL enqueue_barrier_with_wait_list(cl_command_queue q, cl_uint n,
                                                  const cl_event* waits, cl_event* event) {
  return noted(q, n, waits, event, n == 0, false,
               [&](cl_event* e) { return below().clEnqueueBarrierWithWaitList(q, n, waits, e); });
}

cl_int CL_API_CALL enqueue_barrier(cl_command_queue q) {
  return noted(q, 0, nullptr, nullptr, true, false,
               [&](cl_event* e) { return below().clEnqueueBarrierWithWaitList(q, 0, nullptr, e); });
}

cl_int CL_API_CALL enqueue_marker(cl_command_queue q, cl_event* event) {
  return noted(q, 0, nullptr, event, true, false,
               [&](cl_event* e) { return clEnqueueMarkerWithWaitList(q, 0, nullptr, e); });
}

cl_int CL_API_CALL finish(cl_command_queue q) {
  const cl_int err = clFinish(q);
  if (err == CL_SUCCESS) note_queue_finished(q);
  if (err == CL_SUCCESS) finish_completed();
  return err;
}

cl_int CL_API_CALL wait_for_events(cl_uint n, const cl_event* events) {
  const cl_int err = clWaitForEvents(n, events);
  if (err == CL_SUCCESS) note_events_waited(n, events);
  if (err == CL_SUCCESS) finish_completed();
  return err;
}

cl_int CL_API_CALL get_event_info(cl_event e, cl_event_info what, size_t size, void* value,
                                  size_t* size_ret) {
  const cl_int err = clGetEventInfo(e, what, size, value, size_ret);
  if (err == CL_SUCCESS && what == CL_EVENT_COMMAND_EXECUTION_STATUS && value &&
      size >= sizeof(cl_int) && *static_cast<cl_int*>(value) == CL_COMPLETE)
    note_events_waited(1, &e);
  return err;
}

}  // namespace

void intercept_commands(cl_icd_dispatch& t) {
  t.clEnqueueNDRangeKernel = enqueue_nd_range_kernel;
  t.clEnqueueTask = enqueue_task;
  t.clEnqueueReadBuffer = enqueue_read_buffer;
  t.clEnqueueWriteBuffer = enqueue_write_buffer;
  t.clEnqueueReadBufferRect = enqueue_read_buffer_rect;
  t.clEnqueueWriteBufferRect = enqueue_write_buffer_rect;
  t.clEnqueueCopyBuffer = enqueue_copy_buffer;
  t.clEnqueueCopyBufferRect = enqueue_copy_buffer_rect;
  t.clEnqueueFillBuffer = enqueue_fill_buffer;
  t.clEnqueueMapBuffer = enqueue_map_buffer;
  t.clEnqueueMarkerWithWaitList = enqueue_marker_with_wait_list;
  t.clEnqueueBarrierWithWaitList = enqueue_barrier_with_wait_list;
  t.clEnqueueMarker = enqueue_marker;
  t.clEnqueueBarrier = enqueue_barrier;
  t.clFinish = finish;
  t.clWaitForEvents = wait_for_events;
  t.clGetEventInfo = get_event_info;
}

}  // namespace ampcl::layer
