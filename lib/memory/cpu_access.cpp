// Which CPU access an array gets, and which views share a device.
#include <ampcl/detail/storage.hpp>
#include <ampcl/errors.hpp>

#include "devices/device_state.hpp"

namespace ampcl::detail {

access_type resolve_cpu_access(const accelerator_view& view, access_type requested) {
  const device_state& dev = *view.state()->dev;
  const access_type resolved = dev.resolved_cpu_access(requested);
  if (resolved != access_type_none && !dev.info.host_unified)
    throw unsupported_feature(
        std::string("an array with ") + to_string(resolved) + " needs memory that " +
            dev.info.name +
            " shares with the host, and it has none (CL_DEVICE_HOST_UNIFIED_MEMORY is false): "
            "use access_type_none and copy, or a staging array "
            "array(extent, cpu_view, associated_view) for host-visible memory",
        CL_INVALID_VALUE);
  return resolved;
}

bool same_device(const accelerator_view& a, const accelerator_view& b) {
  return a.state()->dev == b.state()->dev;
}

}  // namespace ampcl::detail
