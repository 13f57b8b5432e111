#include "racecheck_hook.hpp"

#include <ampcl/accelerator.hpp>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <thread>

#include "collector.hpp"
#include "host_hazards.hpp"

namespace ampcl::debug {

struct pending_launch {
  launch_record launch;
  instrumented_launch rewritten;
  ampcl::detail::basic_cl_handle<cl_command_queue> queue;
  ampcl::detail::basic_cl_handle<cl_event> done;
  std::vector<host_memory_watch> watches;
  enum { open, settling, settled };
  std::atomic<int> settle_state{open};
};

namespace {

// Lifts the launch's page guards and compares its hashes, once: from the
// completion callback, or from finish_pending when the callback is late.
void settle(pending_launch& p, bool at_completion) {
  int expected = pending_launch::open;
  if (p.settle_state.compare_exchange_strong(expected, pending_launch::settling)) {
    settle_host_watches(p.watches, at_completion);
    p.settle_state.store(pending_launch::settled, std::memory_order_release);
    return;
  }
  while (p.settle_state.load(std::memory_order_acquire) != pending_launch::settled)
    std::this_thread::yield();
}

// Owns a reference to the launch, so the callback may come after finish_pending.
void CL_CALLBACK on_complete(cl_event, cl_int, void* user) {
  auto* owner = static_cast<std::shared_ptr<pending_launch>*>(user);
  settle(**owner, true);
  delete owner;
}

// OpenCL may run the callback after the event completed: wait for it (bounded).
void wait_for_callback(const pending_launch& p) {
  for (int i = 0; i < 5000 && p.settle_state.load() != pending_launch::settled; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
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
  p->queue = ampcl::detail::basic_cl_handle<cl_command_queue>::retained(view.queue());
  if (done) {
    p->done = ampcl::detail::basic_cl_handle<cl_event>::retained(done);
    p->watches = watch_host_memory(launch);
    // The callback owns a reference: it may run after finish_pending dropped its own.
    auto owner = std::make_unique<std::shared_ptr<pending_launch>>(p);
    if (!p->watches.empty() &&
        clSetEventCallback(done, CL_COMPLETE, on_complete, owner.get()) == CL_SUCCESS) {
      owner.release();  // NOLINT(bugprone-unused-return-value): on_complete deletes it
    } else {
      settle(*p, false);  // no completion to wait for: lift the guards now
      p->watches.clear();
    }
  }
  clFlush(p->queue.get());
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
    std::vector<hazard> found =
        engine_.finish(p->queue.get(), p->launch, p->rewritten, p->done.get());
    if (!p->watches.empty()) {
      wait_for_callback(*p);
      settle(*p, false);  // returns at once if the callback settled it
      std::vector<hazard> host = host_device_hazards(p->launch, p->watches);
      found.insert(found.end(), host.begin(), host.end());
    }
    publish_hazards(found);
  }
}

}  // namespace ampcl::debug
