// Preloaded in place of the driver's clEnqueueNDRangeKernel by run.sh: enqueues
// nothing, but walks 256 KiB as a real enqueue path does, so each launch finds
// ampcl's own data evicted from L1 as it would on a real device.
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

namespace {
volatile char scratch[256 * 1024];
}

extern "C" cl_int clEnqueueNDRangeKernel(cl_command_queue queue, cl_kernel kernel, cl_uint dims,
                                         const size_t* offset, const size_t* global,
                                         const size_t* local, cl_uint waits,
                                         const cl_event* wait_list, cl_event* event) {
  (void)queue, (void)kernel, (void)dims, (void)offset, (void)global, (void)local, (void)waits,
      (void)wait_list;
  if (event) *event = nullptr;
  for (unsigned i = 0; i < sizeof scratch; i += 64) scratch[i] = static_cast<char>(scratch[i] + 1);
  return CL_SUCCESS;
}
