// Strings a driver reports, read one way for every caller: the runtime's device
// discovery and the program builder's disk-cache keys must agree on them.
#pragma once

#include <ampcl/cl.hpp>
#include <string>

namespace ampcl::detail {

// CL_DEVICE_NAME and the like, without the terminating NUL and trailing spaces
// (some drivers pad names); empty when the driver says nothing.
std::string device_string(cl_device_id d, cl_device_info what);
// CL_PLATFORM_NAME and the like, without the terminating NUL.
std::string platform_string(cl_platform_id p, cl_platform_info what);
// A fixed-size answer (CL_DEVICE_GLOBAL_MEM_SIZE as cl_ulong, ...); T{} when the driver
// does not say.
template <class T>
T device_value(cl_device_id d, cl_device_info what) {
  T v{};
  if (clGetDeviceInfo(d, what, sizeof(T), &v, nullptr) != CL_SUCCESS) v = T{};
  return v;
}

// The device a queue runs on; null when the driver does not say.
inline cl_device_id queue_device(cl_command_queue q) {
  cl_device_id d = nullptr;
  if (clGetCommandQueueInfo(q, CL_QUEUE_DEVICE, sizeof d, &d, nullptr) != CL_SUCCESS) d = nullptr;
  return d;
}
// Whether `d` is a CPU device (CL_DEVICE_TYPE_CPU); false for a null device.
inline bool is_cpu_device(cl_device_id d) {
  return d && (device_value<cl_device_type>(d, CL_DEVICE_TYPE) & CL_DEVICE_TYPE_CPU) != 0;
}

}  // namespace ampcl::detail
