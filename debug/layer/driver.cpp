#include "driver.hpp"

#include <atomic>

namespace ampcl::layer {

namespace {
std::atomic<const cl_icd_dispatch*> table{nullptr};
}  // namespace

void set_below(const cl_icd_dispatch* dispatch) {
  table.store(dispatch, std::memory_order_release);
}

const cl_icd_dispatch& below() {
  return *table.load(std::memory_order_acquire);
}

}  // namespace ampcl::layer

// The OpenCL calls of the engine and of the layer itself, each forwarded to the
// layer below (local to the layer's library: see exports.map). A call missing
// here fails the layer's link, which has no libOpenCL to fall back on.
#define AMPCL_BELOW(ret, name, params, args) \
  extern "C" ret CL_API_CALL name params {   \
    return ampcl::layer::below().name args;  \
  }

// clang-format off
AMPCL_BELOW(cl_int, clGetPlatformInfo, (cl_platform_id p, cl_platform_info i, size_t n, void* v, size_t* r), (p, i, n, v, r))
AMPCL_BELOW(cl_int, clGetDeviceInfo, (cl_device_id d, cl_device_info p, size_t n, void* v, size_t* r), (d, p, n, v, r))
AMPCL_BELOW(cl_int, clGetContextInfo, (cl_context c, cl_context_info p, size_t n, void* v, size_t* r), (c, p, n, v, r))
AMPCL_BELOW(cl_int, clRetainContext, (cl_context c), (c))
AMPCL_BELOW(cl_int, clReleaseContext, (cl_context c), (c))
AMPCL_BELOW(cl_command_queue, clCreateCommandQueue, (cl_context c, cl_device_id d, cl_command_queue_properties p, cl_int* e), (c, d, p, e))
AMPCL_BELOW(cl_int, clRetainCommandQueue, (cl_command_queue q), (q))
AMPCL_BELOW(cl_int, clReleaseCommandQueue, (cl_command_queue q), (q))
AMPCL_BELOW(cl_int, clGetCommandQueueInfo, (cl_command_queue q, cl_command_queue_info p, size_t n, void* v, size_t* r), (q, p, n, v, r))
AMPCL_BELOW(cl_mem, clCreateBuffer, (cl_context c, cl_mem_flags f, size_t n, void* h, cl_int* e), (c, f, n, h, e))
AMPCL_BELOW(cl_int, clRetainMemObject, (cl_mem m), (m))
AMPCL_BELOW(cl_int, clReleaseMemObject, (cl_mem m), (m))
AMPCL_BELOW(cl_int, clGetMemObjectInfo, (cl_mem m, cl_mem_info p, size_t n, void* v, size_t* r), (m, p, n, v, r))
AMPCL_BELOW(cl_int, clSetMemObjectDestructorCallback, (cl_mem m, void (CL_CALLBACK* f)(cl_mem, void*), void* u), (m, f, u))
AMPCL_BELOW(cl_int, clRetainSampler, (cl_sampler s), (s))
AMPCL_BELOW(cl_int, clReleaseSampler, (cl_sampler s), (s))
AMPCL_BELOW(cl_program, clCreateProgramWithSource, (cl_context c, cl_uint n, const char** s, const size_t* l, cl_int* e), (c, n, s, l, e))
AMPCL_BELOW(cl_program, clCreateProgramWithBinary, (cl_context c, cl_uint n, const cl_device_id* d, const size_t* l, const unsigned char** b, cl_int* s, cl_int* e), (c, n, d, l, b, s, e))
AMPCL_BELOW(cl_int, clRetainProgram, (cl_program p), (p))
AMPCL_BELOW(cl_int, clReleaseProgram, (cl_program p), (p))
AMPCL_BELOW(cl_int, clBuildProgram, (cl_program p, cl_uint n, const cl_device_id* d, const char* o, void (CL_CALLBACK* f)(cl_program, void*), void* u), (p, n, d, o, f, u))
AMPCL_BELOW(cl_int, clGetProgramInfo, (cl_program p, cl_program_info i, size_t n, void* v, size_t* r), (p, i, n, v, r))
AMPCL_BELOW(cl_int, clGetProgramBuildInfo, (cl_program p, cl_device_id d, cl_program_build_info i, size_t n, void* v, size_t* r), (p, d, i, n, v, r))
AMPCL_BELOW(cl_kernel, clCreateKernel, (cl_program p, const char* k, cl_int* e), (p, k, e))
AMPCL_BELOW(cl_int, clRetainKernel, (cl_kernel k), (k))
AMPCL_BELOW(cl_int, clReleaseKernel, (cl_kernel k), (k))
AMPCL_BELOW(cl_int, clSetKernelArg, (cl_kernel k, cl_uint i, size_t n, const void* v), (k, i, n, v))
AMPCL_BELOW(cl_int, clGetKernelInfo, (cl_kernel k, cl_kernel_info p, size_t n, void* v, size_t* r), (k, p, n, v, r))
AMPCL_BELOW(cl_int, clGetKernelWorkGroupInfo, (cl_kernel k, cl_device_id d, cl_kernel_work_group_info p, size_t n, void* v, size_t* r), (k, d, p, n, v, r))
AMPCL_BELOW(cl_int, clWaitForEvents, (cl_uint n, const cl_event* e), (n, e))
AMPCL_BELOW(cl_int, clGetEventInfo, (cl_event e, cl_event_info p, size_t n, void* v, size_t* r), (e, p, n, v, r))
AMPCL_BELOW(cl_int, clRetainEvent, (cl_event e), (e))
AMPCL_BELOW(cl_int, clReleaseEvent, (cl_event e), (e))
AMPCL_BELOW(cl_int, clSetEventCallback, (cl_event e, cl_int t, void (CL_CALLBACK* f)(cl_event, cl_int, void*), void* u), (e, t, f, u))
AMPCL_BELOW(cl_int, clFlush, (cl_command_queue q), (q))
AMPCL_BELOW(cl_int, clFinish, (cl_command_queue q), (q))
AMPCL_BELOW(cl_int, clEnqueueReadBuffer, (cl_command_queue q, cl_mem m, cl_bool b, size_t o, size_t n, void* p, cl_uint w, const cl_event* l, cl_event* e), (q, m, b, o, n, p, w, l, e))
AMPCL_BELOW(cl_int, clEnqueueWriteBuffer, (cl_command_queue q, cl_mem m, cl_bool b, size_t o, size_t n, const void* p, cl_uint w, const cl_event* l, cl_event* e), (q, m, b, o, n, p, w, l, e))
AMPCL_BELOW(cl_int, clEnqueueFillBuffer, (cl_command_queue q, cl_mem m, const void* p, size_t ps, size_t o, size_t n, cl_uint w, const cl_event* l, cl_event* e), (q, m, p, ps, o, n, w, l, e))
AMPCL_BELOW(void*, clEnqueueMapBuffer, (cl_command_queue q, cl_mem m, cl_bool b, cl_map_flags f, size_t o, size_t n, cl_uint w, const cl_event* l, cl_event* e, cl_int* r), (q, m, b, f, o, n, w, l, e, r))
AMPCL_BELOW(cl_int, clEnqueueUnmapMemObject, (cl_command_queue q, cl_mem m, void* p, cl_uint w, const cl_event* l, cl_event* e), (q, m, p, w, l, e))
AMPCL_BELOW(cl_int, clEnqueueMarkerWithWaitList, (cl_command_queue q, cl_uint w, const cl_event* l, cl_event* e), (q, w, l, e))
AMPCL_BELOW(cl_int, clEnqueueNDRangeKernel, (cl_command_queue q, cl_kernel k, cl_uint d, const size_t* o, const size_t* g, const size_t* l, cl_uint w, const cl_event* wl, cl_event* e), (q, k, d, o, g, l, w, wl, e))
// clang-format on
