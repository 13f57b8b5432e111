// AMPCL_DEVICE: picks a device by index ("1"), path ("opencl:0:1"), type ("gpu",
// "cpu", "accelerator"), or a case-insensitive piece of its platform or device name
// or version ("nvidia", "pocl", "H100").
#include <algorithm>
#include <ampcl/detail/settings.hpp>
#include <ampcl/errors.hpp>
#include <cctype>
#include <cstdlib>
#include <string>

#include "devices/device_state.hpp"

namespace ampcl::detail {

namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

bool all_digits(const std::string& s) {
  return !s.empty() &&
         std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

bool matches(const device_state& d, int position, const std::string& filter) {
  const std::string f = lower(filter);
  if (all_digits(f)) return std::stoi(f) == position;
  if (f == lower(device_path(d))) return true;
  if (f == "gpu") return (d.info.type & CL_DEVICE_TYPE_GPU) != 0;
  if (f == "cpu") return (d.info.type & CL_DEVICE_TYPE_CPU) != 0;
  if (f == "accelerator") return (d.info.type & CL_DEVICE_TYPE_ACCELERATOR) != 0;
  // The version string names the implementation where the names do not: PoCL's
  // platform is "Portable Computing Language", its version "OpenCL 3.0 PoCL ...".
  return lower(d.info.name).find(f) != std::string::npos ||
         lower(d.info.platform_name).find(f) != std::string::npos ||
         lower(d.info.version).find(f) != std::string::npos;
}

}  // namespace

std::string list_devices() {
  std::string s;
  const auto& all = all_devices();
  for (std::size_t i = 0; i < all.size(); ++i)
    s += "\n  " + std::to_string(i) + ": " + device_path(*all[i]) + "  " +
         all[i]->info.platform_name + " / " + all[i]->info.name;
  if (all.empty())
    s = "\n  (no OpenCL device at all: install a driver; scripts/setup.sh installs PoCL)";
  return s;
}

std::shared_ptr<device_state> try_find_device(const std::string& filter) {
  const auto& all = all_devices();
  for (std::size_t i = 0; i < all.size(); ++i)
    if (matches(*all[i], static_cast<int>(i), filter)) return all[i];
  return nullptr;
}

std::shared_ptr<device_state> find_device(const std::string& filter) {
  if (auto d = try_find_device(filter)) return d;
  throw runtime_exception("no OpenCL device matches '" + filter +
                          "'. Use an index, a path, gpu/cpu/accelerator, or part of a "
                          "platform or device name. Devices:" +
                          list_devices());
}

std::shared_ptr<device_state> select_default_device(std::string* reason) {
  if (const std::optional<std::string> filter = settings::text(settings::id::device)) {
    *reason = "AMPCL_DEVICE=" + *filter;
    return find_device(*filter);
  }
  const auto& all = all_devices();
  for (const auto& d : all)
    if (d->info.type & CL_DEVICE_TYPE_GPU) {
      *reason = "first GPU";
      return d;
    }
  for (const auto& d : all)
    if (d->info.type & CL_DEVICE_TYPE_CPU) {
      *reason = "first CPU (no GPU found)";
      return d;
    }
  if (!all.empty()) {
    *reason = "first device";
    return all.front();
  }
  throw runtime_exception(
      "no OpenCL device found: install a driver (scripts/setup.sh installs "
      "PoCL) and check /etc/OpenCL/vendors",
      CL_DEVICE_NOT_FOUND);
}

}  // namespace ampcl::detail
