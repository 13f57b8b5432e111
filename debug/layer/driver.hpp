// The OpenCL implementation below the layer: the next layer, or the loader's
// dispatch to the driver, as the loader handed it to clInitLayer.
//
// Inside the layer the API's own names (clCreateBuffer, clEnqueueReadBuffer...)
// call the layer below: driver.cpp defines them and the layer's version script
// keeps them local, so neither the engine (its shadow buffers, its builds and
// read-backs) nor the layer's own calls come back through the layer or through
// a loader (pyopencl's wheels carry a loader of their own beside the system's).
#pragma once

#include <CL/cl_icd.h>

namespace ampcl::layer {

// The entry points of OpenCL 2.x and 3.0 the layer intercepts: the 1.2 headers
// ampcl compiles with declare them as `void*` in the dispatch table.
using create_program_with_il_fn = cl_program(CL_API_CALL*)(cl_context, const void*, size_t,
                                                           cl_int*);
using clone_kernel_fn = cl_kernel(CL_API_CALL*)(cl_kernel, cl_int*);
using set_kernel_arg_svm_pointer_fn = cl_int(CL_API_CALL*)(cl_kernel, cl_uint, const void*);
using create_buffer_with_properties_fn = cl_mem(CL_API_CALL*)(cl_context, const cl_ulong*,
                                                              cl_mem_flags, size_t, void*, cl_int*);

// Set once, by clInitLayer, before any other call can reach the layer.
void set_below(const cl_icd_dispatch* dispatch);
const cl_icd_dispatch& below();

// A 2.x entry of the table below, as its real type (null when the loader's
// table is too short to hold it).
template <class Fn>
Fn below_entry(void* const cl_icd_dispatch::*member) {
  return reinterpret_cast<Fn>(below().*member);
}

}  // namespace ampcl::layer
