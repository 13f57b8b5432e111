#include "racecheck_hook.hpp"

#include <ampcl/accelerator.hpp>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>

#include "collector.hpp"

namespace ampcl::debug {

namespace {

std::uint64_t fnv1a(const void* data, std::size_t bytes) {
  const auto* p = static_cast<const unsigned char*>(data);
  std::uint64_t h = 1469598103934665603ull;
  for (std::size_t i = 0; i < bytes; ++i) h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

}  // namespace

// Host memory a running launch reads, and whether it changed before completion.
struct host_watch {
  std::string param;
  const void* data = nullptr;
  std::size_t bytes = 0;
  std::uint64_t before = 0;
  std::atomic<bool> changed{false};
};

struct pending_launch {
  launch_record launch;
  instrumented_launch rewritten;
  cl_command_queue queue = nullptr;  // retained
  cl_event done = nullptr;           // retained
  std::vector<std::unique_ptr<host_watch>> watches;
  std::atomic<bool> compared{false};  // the completion callback has run
  ~pending_launch() {
    if (done) clReleaseEvent(done);
    if (queue) clReleaseCommandQueue(queue);
  }
};

namespace {

void CL_CALLBACK on_complete(cl_event, cl_int, void* user) {
  auto* p = static_cast<pending_launch*>(user);
  for (auto& w : p->watches) w->changed = fnv1a(w->data, w->bytes) != w->before;
  p->compared = true;
}

// OpenCL may run the callback after the event completed: wait for it (bounded).
bool wait_for_comparison(const pending_launch& p) {
  for (int i = 0; i < 5000 && !p.compared; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  return p.compared;
}

hazard host_device_hazard(const pending_launch& p, const host_watch& w) {
  hazard h;
  h.kind = hazard_class::host_device_race;
  h.kernel = p.launch.kernel_name;
  h.variable = w.param;
  h.memory = "global";
  h.first.file = p.launch.source_name;
  h.first.access = "read";
  h.rank = static_cast<int>(p.launch.work_dim);
  h.detail = "the host changed the data of '" + w.param + "' (" + std::to_string(w.bytes) +
             " bytes) while kernel '" + p.launch.kernel_name +
             "' was still running and reading it, through a raw pointer or the original "
             "container; wait for the launch (accelerator_view::wait, array_view::synchronize) "
             "before touching the data on the host.";
  return h;
}

}  // namespace

racecheck_hook::racecheck_hook(racecheck_options options) : engine_(options) {}

racecheck_hook::~racecheck_hook() {
  try {
    finish_pending();
  } catch (...) {
  }
}

std::optional<instrumented_launch> racecheck_hook::before_launch(const accelerator_view& view,
                                                                 const launch_record& launch) {
  finish_pending();  // one launch in flight: its shadow buffers are freed in order
  return engine_.prepare(view.context(), view.queue(), launch);
}

void racecheck_hook::after_launch(const accelerator_view& view, const launch_record& launch,
                                  instrumented_launch& rewritten, cl_event done) {
  auto p = std::make_shared<pending_launch>();
  p->launch = launch;
  p->rewritten = rewritten;
  p->queue = view.queue();
  clRetainCommandQueue(p->queue);
  if (done) {
    clRetainEvent(done);
    p->done = done;
  }
  for (const launch_argument& a : launch.args) {
    if (a.what != launch_argument::kind::buffer || !a.host_data || !a.host_bytes) continue;
    bool written = !a.is_const;  // the kernel may change it: nothing to compare
    for (const launch_argument& b : launch.args)
      written = written || (b.storage == a.storage && !b.is_const);
    if (written) continue;
    auto w = std::make_unique<host_watch>();
    w->param = a.name;
    w->data = a.host_data;
    w->bytes = a.host_bytes;
    w->before = fnv1a(a.host_data, a.host_bytes);
    p->watches.push_back(std::move(w));
  }
  if (done && !p->watches.empty() &&
      clSetEventCallback(done, CL_COMPLETE, on_complete, p.get()) != CL_SUCCESS)
    p->watches.clear();
  clFlush(p->queue);
  std::lock_guard<std::mutex> lock(m_);
  pending_.push_back(std::move(p));
}

void racecheck_hook::on_host_access(const void*, bool) {
  finish_pending();
}

void racecheck_hook::finish_pending() {
  std::vector<std::shared_ptr<pending_launch>> todo;
  {
    std::lock_guard<std::mutex> lock(m_);
    todo.swap(pending_);
  }
  for (auto& p : todo) {
    std::vector<hazard> found = engine_.finish(p->queue, p->launch, p->rewritten, p->done);
    if (!p->watches.empty()) {
      if (!wait_for_comparison(*p)) {
        static std::vector<std::shared_ptr<pending_launch>> late;  // the callback still holds it
        late.push_back(p);
        continue;
      }
      for (auto& w : p->watches)
        if (w->changed) found.push_back(host_device_hazard(*p, *w));
    }
    publish_hazards(found);
  }
}

}  // namespace ampcl::debug
