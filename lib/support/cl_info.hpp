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

}  // namespace ampcl::detail
