#include <ampcl/accelerator.hpp>
#include <ampcl/errors.hpp>

#include "devices/device_state.hpp"

#include <algorithm>
#include <cstdio>
#include <mutex>
#include <thread>

namespace ampcl {

namespace {

struct default_choice {
  std::mutex m;
  std::shared_ptr<detail::device_state> device;
  std::string reason;
  bool used = false;
};

default_choice& choice() {
  static default_choice c;
  return c;
}

std::shared_ptr<detail::device_state> default_device() {
  auto& c = choice();
  std::lock_guard<std::mutex> lock(c.m);
  if (!c.device) c.device = detail::select_default_device(&c.reason);
  c.used = true;
  return c.device;
}

std::shared_ptr<detail::device_state> resolve(const std::string& path) {
  if (path == accelerator::default_accelerator) return default_device();
  if (path == accelerator::cpu_accelerator) return detail::find_device("cpu");
  return detail::find_device(path);
}

}  // namespace

accelerator::accelerator() : d_(default_device()) {}
accelerator::accelerator(const std::string& device_path) : d_(resolve(device_path)) {}

std::vector<accelerator> accelerator::get_all() {
  std::vector<accelerator> out;
  for (const auto& d : detail::all_devices()) out.push_back(accelerator(d));
  return out;
}

bool accelerator::set_default(const std::string& path) {
  auto d = resolve(path);
  auto& c = choice();
  std::lock_guard<std::mutex> lock(c.m);
  if (c.used && c.device != d) return false;
  c.device = d;
  c.reason = "set_default(\"" + path + "\")";
  return true;
}

std::string accelerator::default_reason() {
  default_device();
  std::lock_guard<std::mutex> lock(choice().m);
  return choice().reason;
}

std::string accelerator::get_device_path() const { return detail::device_path(*d_); }
std::string accelerator::get_description() const { return d_->info.name; }
std::string accelerator::get_platform_name() const { return d_->info.platform_name; }
unsigned accelerator::get_version() const {
  // CL_DEVICE_VERSION is "OpenCL <major>.<minor> <vendor-specific>".
  unsigned major = 0, minor = 0;
  if (std::sscanf(d_->info.version.c_str(), "OpenCL %u.%u", &major, &minor) != 2) return 0;
  return major << 16 | minor;
}
std::string accelerator::get_version_string() const { return d_->info.version; }
std::string accelerator::get_driver_version() const { return d_->info.driver_version; }
std::size_t accelerator::get_dedicated_memory() const {
  return static_cast<std::size_t>(d_->info.global_mem / 1024);
}
std::size_t accelerator::get_max_tile_size() const { return d_->info.max_work_group; }
std::vector<std::size_t> accelerator::get_max_tile_extent() const {
  return {d_->info.max_item_sizes.rbegin(), d_->info.max_item_sizes.rend()};
}
std::size_t accelerator::get_tile_static_memory_size() const {
  return static_cast<std::size_t>(d_->info.local_mem);
}
unsigned accelerator::get_compute_units() const { return d_->info.compute_units; }
bool accelerator::get_supports_double_precision() const { return d_->info.fp64; }
bool accelerator::get_supports_limited_double_precision() const { return d_->info.fp64; }
bool accelerator::get_supports_cpu_shared_memory() const { return d_->info.host_unified; }
bool accelerator::get_supports_images() const { return d_->info.images; }
bool accelerator::get_is_emulated() const { return is_cpu(); }
bool accelerator::get_has_display() const { return false; }
access_type accelerator::get_default_cpu_access_type() const {
  return d_->resolved_cpu_access(access_type_auto);
}
bool accelerator::set_default_cpu_access_type(access_type type) {
  if (type != access_type_none && type != access_type_auto && !d_->info.host_unified) return false;
  d_->default_cpu_access.store(type);
  return true;
}
bool accelerator::is_gpu() const { return (d_->info.type & CL_DEVICE_TYPE_GPU) != 0; }
bool accelerator::is_cpu() const { return (d_->info.type & CL_DEVICE_TYPE_CPU) != 0; }

accelerator_view accelerator::get_default_view() const {
  return accelerator_view(d_->default_view());
}
accelerator_view accelerator::create_view(queuing_mode mode) const {
  return accelerator_view(detail::make_view(d_, mode));
}

cl_platform_id accelerator::platform() const { return d_->platform; }
cl_device_id accelerator::device() const { return d_->device; }
cl_context accelerator::context() const { return d_->context(); }

accelerator accelerator_view::get_accelerator() const { return accelerator(v_->dev); }
queuing_mode accelerator_view::get_queuing_mode() const { return v_->mode; }
unsigned accelerator_view::get_version() const { return get_accelerator().get_version(); }

completion_future accelerator_view::create_marker() const {
  v_->check_usable();
  detail::cl_handle<cl_event> marker;
  detail::check(clEnqueueMarkerWithWaitList(v_->queue.get(), 0, nullptr, marker.receive()),
                "clEnqueueMarkerWithWaitList", "in accelerator_view::create_marker");
  marker.adopted();
  detail::after_enqueue(*v_);
  return completion_future::from_event(marker.get(), v_->queue.get());
}

void accelerator_view::wait() const {
  v_->check_usable();
  detail::check(clFinish(v_->queue.get()), "clFinish", "in accelerator_view::wait");
}

void accelerator_view::wait(std::chrono::milliseconds timeout) const {
  using clock = std::chrono::steady_clock;
  v_->check_usable();
  detail::cl_handle<cl_event> owned;
  detail::check(clEnqueueMarkerWithWaitList(v_->queue.get(), 0, nullptr, owned.receive()),
                "clEnqueueMarkerWithWaitList", "in accelerator_view::wait(timeout)");
  owned.adopted();
  const cl_event marker = owned.get();
  detail::check(clFlush(v_->queue.get()), "clFlush", "in accelerator_view::wait(timeout)");
  const auto deadline = clock::now() + timeout;
  auto pause = std::chrono::microseconds(50);
  for (;;) {
    cl_int status = CL_QUEUED;
    detail::check(clGetEventInfo(marker, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status,
                                 nullptr),
                  "clGetEventInfo", "in accelerator_view::wait(timeout)");
    if (status == CL_COMPLETE) return;
    std::string why;
    if (status < 0)
      why = std::string("a command on it failed with ") + cl_error_name(status) +
            " (a kernel that faulted, or a device reset)";
    else if (clock::now() >= deadline)
      why = "its commands did not finish within " + std::to_string(timeout.count()) +
            " ms (a kernel that hangs or runs far longer than expected; OpenCL cannot stop it, "
            "so it keeps running on " + v_->dev->info.name + " until it returns)";
    if (!why.empty()) {
      v_->mark_removed(why);
      v_->check_usable();  // throws
    }
    std::this_thread::sleep_for(pause);
    pause = std::min<std::chrono::microseconds>(pause * 2, std::chrono::milliseconds(10));
  }
}

void accelerator_view::flush() const {
  v_->check_usable();
  detail::check(clFlush(v_->queue.get()), "clFlush", "in accelerator_view::flush");
}


// Every enqueue through the public view goes through here: a removed view refuses it.
cl_command_queue accelerator_view::queue() const {
  v_->check_usable();
  return v_->queue.get();
}
cl_context accelerator_view::context() const { return v_->dev->context(); }
cl_device_id accelerator_view::device() const { return v_->dev->device; }

}  // namespace ampcl
