#include <ampcl/errors.hpp>

#include <string>

namespace ampcl {

namespace detail {

namespace {
// A call that waits for work enqueued earlier or reads its results. A kernel that
// faults (most often an access out of bounds) surfaces there, not at its launch:
// NVIDIA's driver reports CL_OUT_OF_RESOURCES, and the queue is lost.
bool waits_for_enqueued_work(const std::string& call) {
  for (const char* name :
       {"clFinish", "clWaitForEvents", "clEnqueueReadBuffer", "clEnqueueReadBufferRect",
        "clEnqueueReadImage", "clEnqueueMapBuffer", "clEnqueueMapImage"})
    if (call == name) return true;
  return false;
}

bool kernel_fault(cl_int code, const std::string& call) {
  return (code == CL_OUT_OF_RESOURCES || code == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST) &&
         waits_for_enqueued_work(call);
}

// What the user can do about an error, in one sentence.
const char* advice(cl_int code, const std::string& call) {
  if (kernel_fault(code, call))
    return "work enqueued earlier failed on the device; a kernel that reads or writes outside "
           "its data (an index past an extent, a tile padded past the data) ends this way on "
           "NVIDIA's driver: run the program under ampcl-racecheck, which reports each "
           "out-of-bounds access with its file and line; otherwise the device ran out of "
           "resources (use smaller data or smaller tiles)";
  switch (code) {
    case CL_MEM_OBJECT_ALLOCATION_FAILURE:
    case CL_OUT_OF_RESOURCES:
      return "the device ran out of memory or resources: use smaller data, fewer live arrays, "
             "or smaller tiles";
    case CL_OUT_OF_HOST_MEMORY:
      return "the host ran out of memory";
    case CL_INVALID_WORK_GROUP_SIZE:
    case CL_INVALID_WORK_ITEM_SIZE:
      return "the tile shape is not one this device and kernel can run: pick a smaller tile "
             "(see accelerator::get_max_tile_size())";
    case CL_INVALID_KERNEL_NAME:
      return "no __kernel of that name is in the source: check the name and spelling";
    case CL_INVALID_ARG_SIZE:
    case CL_INVALID_ARG_VALUE:
    case CL_INVALID_KERNEL_ARGS:
      return "the arguments do not match the kernel's parameters";
    case CL_DEVICE_NOT_AVAILABLE:
    case CL_INVALID_COMMAND_QUEUE:
    case CL_INVALID_CONTEXT:
      return "the device is unavailable or was reset: create a new accelerator_view";
    case -1001:  // CL_PLATFORM_NOT_FOUND_KHR: the ICD loader found no driver
    case CL_DEVICE_NOT_FOUND:
      return "no OpenCL device was found: install a driver (scripts/setup.sh installs PoCL)";
    default:
      return "see the OpenCL error name";
  }
}
}  // namespace

void throw_cl_error(cl_int code, const char* call, const std::string& context) {
  std::string msg =
      std::string(call) + " failed with " + cl_error_name(code) + " (" + std::to_string(code) + ")";
  if (!context.empty()) msg += " " + context;
  msg += ": ";
  msg += advice(code, call);
  // The queue is lost with the kernel that faulted (C++ AMP: the view was removed).
  if (kernel_fault(code, call)) throw accelerator_view_removed(msg, code);
  switch (code) {
    case CL_MEM_OBJECT_ALLOCATION_FAILURE:
    case CL_OUT_OF_RESOURCES:
    case CL_OUT_OF_HOST_MEMORY:
      throw out_of_memory(msg, code);
    case CL_INVALID_WORK_GROUP_SIZE:
    case CL_INVALID_WORK_ITEM_SIZE:
    case CL_INVALID_GLOBAL_WORK_SIZE:
    case CL_INVALID_WORK_DIMENSION:
      throw invalid_compute_domain(msg, code);
    case CL_DEVICE_NOT_AVAILABLE:
    case CL_INVALID_COMMAND_QUEUE:
    case CL_INVALID_CONTEXT:
      throw accelerator_view_removed(msg, code);
    case CL_INVALID_ARG_SIZE:
    case CL_INVALID_ARG_VALUE:
    case CL_INVALID_KERNEL_ARGS:
      throw argument_error(msg);
    default:
      throw runtime_exception(msg, code);
  }
}

}  // namespace detail
}  // namespace ampcl
