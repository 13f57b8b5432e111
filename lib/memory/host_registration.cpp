#include "memory/host_registration.hpp"

#include <ampcl/errors.hpp>
#include <string>

#include "devices/device_state.hpp"
#include "memory/transfer.hpp"
#include "memory/transfer_tuning.hpp"
#include "support/log.hpp"
#include "support/stats_counters.hpp"

namespace ampcl::detail {

namespace {

// Copies of one storage before its memory is registered; 0: never. Measured on
// NVIDIA's driver only: others may copy USE_HOST_PTR memory into a buffer of
// their own instead of pinning it, so they register only when asked.
unsigned copies_before_registering(const device_state& dev, const transfer_tuning& t) {
  if (t.register_after >= 0) return static_cast<unsigned>(t.register_after);
  return dev.info.platform_name.find("NVIDIA") != std::string::npos ? 4 : 0;
}

}  // namespace

bool host_registration::before_copy(const view_state& view, void* host, std::size_t bytes) {
  const transfer_tuning& t = current_transfer_tuning();
  device_state& dev = *view.dev;                       // context() makes the context on first use
  if (!copy_is_staged(dev.info, bytes)) return false;  // the copies registration replaces
  const cl_context context = dev.context();
  if (context != context_) {
    release();
    context_ = context;
  }
  if (buffer_) return true;
  const unsigned due = copies_before_registering(dev, t);
  if (refused_ || due == 0 || ++copies_ < due) return false;
  cl_int err = CL_SUCCESS;
  buffer_ = cl_handle<cl_mem>(
      clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, bytes, host, &err));
  if (err != CL_SUCCESS) {
    buffer_ = {};
    refused_ = true;
    log(log_level::info, "the driver would not register ", bytes, " bytes of host memory (",
        cl_error_name(err), "): its copies stay staged");
    return false;
  }
  ++global_counters().host_registrations;
  log(log_level::info, "registered ", bytes, " bytes of host memory with ", dev.info.name,
      " after ", copies_, " copies: its copies now go straight to the driver");
  return true;
}

void host_registration::release() {
  buffer_ = {};
  context_ = nullptr;
  copies_ = 0;
}

}  // namespace ampcl::detail
