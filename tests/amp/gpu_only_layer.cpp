// A test fixture, not part of ampcl: an OpenCL ICD layer (OPENCL_LAYERS, read by
// ocl-icd 2.3) that shows every device as a GPU, so that PoCL, whose devices are
// all CPUs, stands for a machine whose only OpenCL devices are GPUs: no CPU device
// is enumerated, and kernels still run (on PoCL). Asked for CPU or accelerator
// devices alone, a platform has none.
#include <CL/cl_layer.h>

#include <cstring>

namespace {

const cl_icd_dispatch* below = nullptr;
cl_icd_dispatch mine;

cl_int CL_API_CALL get_device_ids(cl_platform_id platform, cl_device_type type, cl_uint entries,
                                  cl_device_id* devices, cl_uint* count) {
  if (!(type & (CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_DEFAULT))) {
    if (count) *count = 0;
    return CL_DEVICE_NOT_FOUND;
  }
  return below->clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, entries, devices, count);
}

cl_int CL_API_CALL get_device_info(cl_device_id device, cl_device_info what, size_t size,
                                   void* value, size_t* size_ret) {
  if (what != CL_DEVICE_TYPE) return below->clGetDeviceInfo(device, what, size, value, size_ret);
  const cl_device_type gpu = CL_DEVICE_TYPE_GPU;
  if (value) {
    if (size < sizeof gpu) return CL_INVALID_VALUE;
    std::memcpy(value, &gpu, sizeof gpu);
  }
  if (size_ret) *size_ret = sizeof gpu;
  return CL_SUCCESS;
}

}  // namespace

extern "C" {

__attribute__((visibility("default"))) CL_API_ENTRY cl_int CL_API_CALL
clGetLayerInfo(cl_layer_info param_name, size_t param_value_size, void* param_value,
               size_t* param_value_size_ret) {
  static const cl_layer_api_version version = CL_LAYER_API_VERSION_100;
  static const char name[] = "ampcl test: every device a GPU";
  const void* src = nullptr;
  size_t size = 0;
  switch (param_name) {
    case CL_LAYER_API_VERSION:
      src = &version;
      size = sizeof version;
      break;
    case CL_LAYER_NAME:
      src = name;
      size = sizeof name;
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
  below = target_dispatch;
  mine = *target_dispatch;  // everything else goes straight below
  mine.clGetDeviceIDs = get_device_ids;
  mine.clGetDeviceInfo = get_device_info;
  *num_entries_ret = entries;
  *layer_dispatch_ret = &mine;
  return CL_SUCCESS;
}

}  // extern "C"
