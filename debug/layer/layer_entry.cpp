// libampcl_racecheck_layer.so: an OpenCL ICD layer (OPENCL_LAYERS, read by
// ocl-icd 2.3 and by Khronos' loader) that brings programs which do not use
// ampcl to the race checker: every kernel launched from source runs
// instrumented on its own device, through the same engine as ampcl's launches.
// `ampcl-racecheck -- PROGRAM` loads it into PROGRAM and its children.
//
// The loader asks clGetLayerInfo for the API version, then hands clInitLayer
// the table of the layer below; the layer answers with a table of its own in
// which the entries it takes over are set and the others are null (the loader
// fills those from the table below).
#include <CL/cl_layer.h>

#include <cstdlib>
#include <cstring>

#include "driver.hpp"
#include "finisher.hpp"
#include "intercept.hpp"
#include "launch_check.hpp"
#include "report_sink.hpp"

namespace {

constexpr char layer_name[] = "ampcl race check";

// Entries of OpenCL 2.x and 3.0 only where the layer below has them.
void drop_missing(cl_icd_dispatch& mine, const cl_icd_dispatch& below) {
  for (void* cl_icd_dispatch::*entry :
       {&cl_icd_dispatch::clCreateProgramWithIL, &cl_icd_dispatch::clCloneKernel,
        &cl_icd_dispatch::clSetKernelArgSVMPointer, &cl_icd_dispatch::clCreateBufferWithProperties})
    if (!(below.*entry)) mine.*entry = nullptr;
}

}  // namespace

extern "C" {

__attribute__((visibility("default"))) CL_API_ENTRY cl_int CL_API_CALL
clGetLayerInfo(cl_layer_info param_name, size_t param_value_size, void* param_value,
               size_t* param_value_size_ret) {
  const void* src = nullptr;
  std::size_t size = 0;
  static const cl_layer_api_version version = CL_LAYER_API_VERSION_100;
  switch (param_name) {
    case CL_LAYER_API_VERSION:
      src = &version;
      size = sizeof version;
      break;
    case CL_LAYER_NAME:
      src = layer_name;
      size = sizeof layer_name;
      break;
    default:
      return CL_INVALID_VALUE;
  }
  if (param_value) {
    if (param_value_size < size) return CL_INVALID_VALUE;
    std::memcpy(param_value, src, size);
  }
  if (param_value_size_ret) *param_value_size_ret = size;
  return CL_SUCCESS;
}

__attribute__((visibility("default"))) CL_API_ENTRY cl_int CL_API_CALL
clInitLayer(cl_uint num_entries, const cl_icd_dispatch* target_dispatch, cl_uint* num_entries_ret,
            const cl_icd_dispatch** layer_dispatch_ret) {
  constexpr cl_uint entries = sizeof(cl_icd_dispatch) / sizeof(void*);
  if (!target_dispatch || !num_entries_ret || !layer_dispatch_ret || num_entries < entries)
    return CL_INVALID_VALUE;
  static cl_icd_dispatch mine;  // zero: the loader takes the rest from below
  static bool initialised = false;
  if (!initialised) {  // a second loader in the process gets the same table
    initialised = true;
    ampcl::layer::set_below(target_dispatch);
    ampcl::layer::intercept_objects(mine);
    ampcl::layer::intercept_commands(mine);
    drop_missing(mine, *target_dispatch);
    ampcl::layer::start_reporting();
    ampcl::layer::finish_at_exit();
  }
  *num_entries_ret = entries;
  *layer_dispatch_ret = &mine;
  return CL_SUCCESS;
}

// ampcl's own runtime, when its race-check plugin is on, checks its launches
// itself: the plugin calls this before each (debug/hook/layer_handoff.cpp).
__attribute__((visibility("default"))) void ampcl_racecheck_layer_skip_next_launch() {
  ampcl::layer::skip_next_launch_on_this_thread();
}

}  // extern "C"
