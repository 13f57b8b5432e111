#include <ampcl/errors.hpp>

#include <string>

namespace ampcl {

const char* cl_error_name(cl_int code) {
  switch (code) {
#define AMPCL_NAME(c) \
  case c:             \
    return #c
    AMPCL_NAME(CL_SUCCESS);
    AMPCL_NAME(CL_DEVICE_NOT_FOUND);
    AMPCL_NAME(CL_DEVICE_NOT_AVAILABLE);
    AMPCL_NAME(CL_COMPILER_NOT_AVAILABLE);
    AMPCL_NAME(CL_MEM_OBJECT_ALLOCATION_FAILURE);
    AMPCL_NAME(CL_OUT_OF_RESOURCES);
    AMPCL_NAME(CL_OUT_OF_HOST_MEMORY);
    AMPCL_NAME(CL_PROFILING_INFO_NOT_AVAILABLE);
    AMPCL_NAME(CL_MEM_COPY_OVERLAP);
    AMPCL_NAME(CL_IMAGE_FORMAT_MISMATCH);
    AMPCL_NAME(CL_IMAGE_FORMAT_NOT_SUPPORTED);
    AMPCL_NAME(CL_BUILD_PROGRAM_FAILURE);
    AMPCL_NAME(CL_MAP_FAILURE);
    AMPCL_NAME(CL_MISALIGNED_SUB_BUFFER_OFFSET);
    AMPCL_NAME(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    AMPCL_NAME(CL_COMPILE_PROGRAM_FAILURE);
    AMPCL_NAME(CL_LINKER_NOT_AVAILABLE);
    AMPCL_NAME(CL_LINK_PROGRAM_FAILURE);
    AMPCL_NAME(CL_DEVICE_PARTITION_FAILED);
    AMPCL_NAME(CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
    AMPCL_NAME(CL_INVALID_VALUE);
    AMPCL_NAME(CL_INVALID_DEVICE_TYPE);
    AMPCL_NAME(CL_INVALID_PLATFORM);
    AMPCL_NAME(CL_INVALID_DEVICE);
    AMPCL_NAME(CL_INVALID_CONTEXT);
    AMPCL_NAME(CL_INVALID_QUEUE_PROPERTIES);
    AMPCL_NAME(CL_INVALID_COMMAND_QUEUE);
    AMPCL_NAME(CL_INVALID_HOST_PTR);
    AMPCL_NAME(CL_INVALID_MEM_OBJECT);
    AMPCL_NAME(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
    AMPCL_NAME(CL_INVALID_IMAGE_SIZE);
    AMPCL_NAME(CL_INVALID_SAMPLER);
    AMPCL_NAME(CL_INVALID_BINARY);
    AMPCL_NAME(CL_INVALID_BUILD_OPTIONS);
    AMPCL_NAME(CL_INVALID_PROGRAM);
    AMPCL_NAME(CL_INVALID_PROGRAM_EXECUTABLE);
    AMPCL_NAME(CL_INVALID_KERNEL_NAME);
    AMPCL_NAME(CL_INVALID_KERNEL_DEFINITION);
    AMPCL_NAME(CL_INVALID_KERNEL);
    AMPCL_NAME(CL_INVALID_ARG_INDEX);
    AMPCL_NAME(CL_INVALID_ARG_VALUE);
    AMPCL_NAME(CL_INVALID_ARG_SIZE);
    AMPCL_NAME(CL_INVALID_KERNEL_ARGS);
    AMPCL_NAME(CL_INVALID_WORK_DIMENSION);
    AMPCL_NAME(CL_INVALID_WORK_GROUP_SIZE);
    AMPCL_NAME(CL_INVALID_WORK_ITEM_SIZE);
    AMPCL_NAME(CL_INVALID_GLOBAL_OFFSET);
    AMPCL_NAME(CL_INVALID_EVENT_WAIT_LIST);
    AMPCL_NAME(CL_INVALID_EVENT);
    AMPCL_NAME(CL_INVALID_OPERATION);
    AMPCL_NAME(CL_INVALID_GL_OBJECT);
    AMPCL_NAME(CL_INVALID_BUFFER_SIZE);
    AMPCL_NAME(CL_INVALID_MIP_LEVEL);
    AMPCL_NAME(CL_INVALID_GLOBAL_WORK_SIZE);
    AMPCL_NAME(CL_INVALID_PROPERTY);
    AMPCL_NAME(CL_INVALID_IMAGE_DESCRIPTOR);
    AMPCL_NAME(CL_INVALID_COMPILER_OPTIONS);
    AMPCL_NAME(CL_INVALID_LINKER_OPTIONS);
    AMPCL_NAME(CL_INVALID_DEVICE_PARTITION_COUNT);
#undef AMPCL_NAME
    case -1001: return "CL_PLATFORM_NOT_FOUND_KHR";
    default: return "unknown OpenCL error";
  }
}

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
    case CL_OUT_OF_HOST_MEMORY: return "the host ran out of memory";
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
    default: return "see the OpenCL error name";
  }
}
}  // namespace

void throw_cl_error(cl_int code, const char* call, const std::string& context) {
  std::string msg = std::string(call) + " failed with " + cl_error_name(code) + " (" +
                    std::to_string(code) + ")";
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
