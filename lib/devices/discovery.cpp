// Enumerates every platform and device once, reading the properties ampcl uses.
#include <ampcl/errors.hpp>
#include <string>
#include <vector>

#include "devices/device_state.hpp"
#include "support/cl_info.hpp"
#include "support/log.hpp"

namespace ampcl::detail {

namespace {

device_info read_info(cl_platform_id p, cl_device_id d) {
  device_info i;
  i.name = device_string(d, CL_DEVICE_NAME);
  i.platform_name = platform_string(p, CL_PLATFORM_NAME);
  i.version = device_string(d, CL_DEVICE_VERSION);
  i.driver_version = device_string(d, CL_DRIVER_VERSION);
  i.extensions = device_string(d, CL_DEVICE_EXTENSIONS);
  i.type = device_value<cl_device_type>(d, CL_DEVICE_TYPE);
  i.global_mem = device_value<cl_ulong>(d, CL_DEVICE_GLOBAL_MEM_SIZE);
  i.local_mem = device_value<cl_ulong>(d, CL_DEVICE_LOCAL_MEM_SIZE);
  i.max_alloc = device_value<cl_ulong>(d, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
  i.max_work_group = device_value<std::size_t>(d, CL_DEVICE_MAX_WORK_GROUP_SIZE);
  const auto dims = device_value<cl_uint>(d, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS);
  i.max_item_sizes.assign(dims, 0);
  if (dims)
    clGetDeviceInfo(d, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof(std::size_t) * dims,
                    i.max_item_sizes.data(), nullptr);
  i.compute_units = device_value<cl_uint>(d, CL_DEVICE_MAX_COMPUTE_UNITS);
  i.fp64 = device_value<cl_device_fp_config>(d, CL_DEVICE_DOUBLE_FP_CONFIG) != 0;
  i.host_unified = device_value<cl_bool>(d, CL_DEVICE_HOST_UNIFIED_MEMORY) == CL_TRUE;
  i.images = device_value<cl_bool>(d, CL_DEVICE_IMAGE_SUPPORT) == CL_TRUE;
  return i;
}

std::vector<std::shared_ptr<device_state>> discover() {
  std::vector<std::shared_ptr<device_state>> out;
  cl_uint np = 0;
  const cl_int err = clGetPlatformIDs(0, nullptr, &np);
  if (err != CL_SUCCESS || np == 0) {
    log(log_level::warn, "no OpenCL platform found (", cl_error_name(err),
        "): install a driver, e.g. scripts/setup.sh installs PoCL");
    return out;
  }
  std::vector<cl_platform_id> platforms(np);
  clGetPlatformIDs(np, platforms.data(), nullptr);
  for (cl_uint p = 0; p < np; ++p) {
    cl_uint nd = 0;
    if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 0, nullptr, &nd) != CL_SUCCESS) continue;
    std::vector<cl_device_id> devices(nd);
    clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, nd, devices.data(), nullptr);
    for (cl_uint d = 0; d < nd; ++d) {
      auto s = std::make_shared<device_state>();
      s->platform = platforms[p];
      s->device = devices[d];
      s->platform_index = static_cast<int>(p);
      s->device_index = static_cast<int>(d);
      s->info = read_info(platforms[p], devices[d]);
      out.push_back(std::move(s));
    }
  }
  return out;
}

}  // namespace

const std::vector<std::shared_ptr<device_state>>& all_devices() {
  // Never destroyed: devices and their default views live as long as the process,
  // and releasing OpenCL objects during static destruction races the driver's own
  // teardown. Reachable from here, so leak checkers do not count them.
  static const auto* devices = new std::vector<std::shared_ptr<device_state>>(discover());
  return *devices;
}

std::string device_path(const device_state& d) {
  return "opencl:" + std::to_string(d.platform_index) + ":" + std::to_string(d.device_index);
}

}  // namespace ampcl::detail
