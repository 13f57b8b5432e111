#include "devices/device_state.hpp"

#include <unistd.h>

#include <algorithm>
#include <ampcl/errors.hpp>
#include <atomic>
#include <cstdlib>
#include <mutex>
#include <vector>

#include "support/log.hpp"
#include "support/stats_counters.hpp"

namespace ampcl::detail {

cl_context device_state::context() {
  std::call_once(context_once_, [this] {
    cl_int err = CL_SUCCESS;
    const cl_context_properties props[] = {CL_CONTEXT_PLATFORM,
                                           reinterpret_cast<cl_context_properties>(platform), 0};
    context_ = cl_handle<cl_context>(clCreateContext(props, 1, &device, nullptr, nullptr, &err));
    check(err, "clCreateContext", "for " + info.name);
  });
  return context_.get();
}

std::shared_ptr<view_state> device_state::default_view() {
  std::call_once(view_once_, [this] {
    // The default view is owned by the device; it must not keep the device alive
    // through a cycle, so it refers to it through the global device list.
    for (const auto& d : all_devices())
      if (d.get() == this) default_view_ = make_view(d, queuing_mode::queuing_mode_automatic);
  });
  return default_view_;
}

namespace {

// Every view's queue, so that the process's exit can finish them first.
struct live_views {
  std::mutex m;
  std::vector<std::weak_ptr<view_state>> views;
  pid_t owner = getpid();  // a forked child inherits the queues but not the driver's threads
};
live_views& every_view() {
  static live_views views;
  return views;
}

// At exit, once: every live view's queue finished. A removed view's queue may
// never drain, and a forked child's would wait for threads it does not have:
// both are left alone.
void finish_every_queue() {
  static std::atomic<bool> done{false};
  live_views& all = every_view();
  if (getpid() != all.owner || done.exchange(true)) return;
  std::lock_guard<std::mutex> lock(all.m);
  for (const auto& weak : all.views)
    if (const auto view = weak.lock(); view && !view->removed())
      clFinish(view->queue.get());  // at exit: a failure has no one left to tell
}

void remember(const std::shared_ptr<view_state>& view) {
  live_views& all = every_view();
  std::lock_guard<std::mutex> lock(all.m);
  all.views.erase(std::remove_if(all.views.begin(), all.views.end(),
                                 [](const auto& weak) { return weak.expired(); }),
                  all.views.end());
  all.views.push_back(view);
}

}  // namespace

void finish_queues_before_driver_exit() {
  every_view();  // constructed before the handler is registered, so destroyed after it
  std::atexit(finish_every_queue);
}

std::shared_ptr<view_state> make_view(const std::shared_ptr<device_state>& dev, queuing_mode mode,
                                      Concurrency::__ampcl::view_kind kind) {
  auto v = std::make_shared<view_state>();
  v->dev = dev;
  v->mode = mode;
  v->kind = kind;
  cl_int err = CL_SUCCESS;
  v->queue =
      cl_handle<cl_command_queue>(clCreateCommandQueue(dev->context(), dev->device, 0, &err));
  check(err, "clCreateCommandQueue", "for " + dev->info.name);
  remember(v);
  return v;
}

access_type device_state::resolved_cpu_access(access_type requested) const {
  if (requested == access_type_auto) requested = default_cpu_access.load();
  if (requested == access_type_auto)
    requested = info.host_unified ? access_type_read_write : access_type_none;
  return requested;
}

void flush_immediate(const view_state& view) {
  check(clFlush(view.queue.get()), "clFlush", "flushing an immediate accelerator_view");
  ++global_counters().queue_flushes;
}

void view_state::mark_removed(const std::string& why) {
  std::lock_guard<std::mutex> lock(removed_m_);
  if (removed_.load()) return;
  removed_why_ = why;
  removed_.store(true);
}

void view_state::throw_removed() const {
  throw accelerator_view_removed("this accelerator_view was removed: " + removed_why_ +
                                     ". Create a new accelerator_view (or use another device); "
                                     "data last written on this view is lost",
                                 CL_INVALID_COMMAND_QUEUE);
}

}  // namespace ampcl::detail
