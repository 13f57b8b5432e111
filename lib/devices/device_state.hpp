// What the runtime keeps per OpenCL device and per queue.
#pragma once

#include <ampcl/accelerator.hpp>
#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "programs/program_cache.hpp"
#include "support/cl_handle.hpp"

namespace ampcl::detail {

struct device_info {
  std::string name, platform_name, version, driver_version, extensions;
  cl_device_type type = 0;
  cl_ulong global_mem = 0, local_mem = 0, max_alloc = 0;
  std::size_t max_work_group = 0;
  std::vector<std::size_t> max_item_sizes;  // OpenCL order
  cl_uint compute_units = 0;
  bool fp64 = false, host_unified = false, images = false;
};

struct device_state {
  cl_platform_id platform = nullptr;
  cl_device_id device = nullptr;
  int platform_index = 0, device_index = 0;
  device_info info;

  cl_context context();  // created on first use
  std::shared_ptr<view_state> default_view();
  program_cache programs;
  // What access_type_auto means for arrays created on this device.
  std::atomic<access_type> default_cpu_access{access_type_auto};
  access_type resolved_cpu_access(access_type requested) const;

 private:
  std::once_flag context_once_, view_once_;
  cl_handle<cl_context> context_;
  std::shared_ptr<view_state> default_view_;
};

// Aligned so that what every launch reads (dev, queue, mode, removed_) shares one line.
struct alignas(64) view_state {
  std::shared_ptr<device_state> dev;
  cl_handle<cl_command_queue> queue;
  queuing_mode mode = queuing_mode::queuing_mode_automatic;
  // Whose view it is: a device's, C++ AMP's CPU accelerator's, or the automatic
  // selection's.
  Concurrency::__ampcl::view_kind kind = Concurrency::__ampcl::view_kind::device;

  view_state() = default;
  view_state(const view_state&) = delete;
  view_state& operator=(const view_state&) = delete;

  // A watchdog timeout marks the view removed: its queue may never drain (OpenCL
  // cannot cancel a running kernel), so later work on it throws at once instead of
  // queueing behind the hang. Other views are unaffected.
  void mark_removed(const std::string& why);
  // Throws accelerator_view_removed when the view was removed. Inline: every
  // launch asks.
  void check_usable() const {
    if (removed_.load()) throw_removed();
  }
  bool removed() const { return removed_.load(); }

 private:
  [[noreturn]] void throw_removed() const;

  std::atomic<bool> removed_{false};
  std::mutex removed_m_;
  std::string removed_why_;  // written once, before removed_ is set
};

// Flushes the queue of an immediate view (after_enqueue's work).
void flush_immediate(const view_state& view);
// Call after enqueueing a command on `view`: immediate views flush it at once.
inline void after_enqueue(const view_state& view) {
  if (view.mode == queuing_mode_immediate) flush_immediate(view);
}

std::shared_ptr<view_state> make_view(
    const std::shared_ptr<device_state>& dev, queuing_mode mode,
    Concurrency::__ampcl::view_kind kind = Concurrency::__ampcl::view_kind::device);

// A C++ AMP program may return from main with kernels in flight; the driver's
// threads then build or run them while exit destroys the driver's compiler (PoCL
// crashed in LLVM, or the process ended with the work undone). Call after each
// program build: exit runs handlers in reverse order of registration, so this one
// (finishing every view's queue) runs before the destructors of whatever the
// driver's compiler created up to then. Registered once per build; it acts once.
void finish_queues_before_driver_exit();

// Every device, discovered once.
const std::vector<std::shared_ptr<device_state>>& all_devices();
// The device AMPCL_DEVICE (or the built-in preference) selects.
std::shared_ptr<device_state> select_default_device(std::string* reason);
// Finds a device by AMPCL_DEVICE-style filter; throws, listing every device, if none matches.
std::shared_ptr<device_state> find_device(const std::string& filter);
// The same, null where none matches.
std::shared_ptr<device_state> try_find_device(const std::string& filter);
// Every device, a line each ("\n  0: opencl:0:0  Portable Computing Language / cpu-..."),
// for messages.
std::string list_devices();

std::string device_path(const device_state& d);

}  // namespace ampcl::detail
