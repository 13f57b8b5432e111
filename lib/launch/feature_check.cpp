#include "launch/feature_check.hpp"

#include <algorithm>
#include <cctype>

namespace ampcl::detail {

bool build_log_blames_fp64(const std::string& log) {
  std::string lower(log);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return lower.find("double") != std::string::npos || lower.find("fp64") != std::string::npos;
}

std::shared_ptr<compiled_kernel> compile_for_device(device_state& dev, const kernel& k,
                                                    const std::string& options) {
  try {
    return dev.programs.get(dev, k.source_ptr(), options, k.name());
  } catch (const build_error& e) {
    // Only a device without fp64 turns a doubles-related failure into a missing
    // feature.
    if (dev.info.fp64 || !build_log_blames_fp64(e.build_log())) throw;
    throw unsupported_feature("kernel '" + k.name() + "' (" + k.source_name() +
                                  ") uses double precision, but " + dev.info.name +
                                  " has no cl_khr_fp64: use float in the kernel, or pick a "
                                  "device with fp64 (ampcl-info lists them). Build log:\n" +
                                  e.build_log(),
                              CL_BUILD_PROGRAM_FAILURE);
  }
}

}  // namespace ampcl::detail
