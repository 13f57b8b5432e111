#include "racecheck_hook.hpp"

#include <unistd.h>

#include <ampcl/accelerator.hpp>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <thread>
#include <utility>

#include "collector.hpp"
#include "host_hazards.hpp"
#include "layer_handoff.hpp"
#include "unchecked_reason.hpp"

namespace ampcl::debug {

struct pending_launch {
  launch_record launch;
  std::string journal_id;  // the launch's entry in the launch journal
  instrumented_launch rewritten;
  ampcl::detail::basic_cl_handle<cl_command_queue> queue;
  ampcl::detail::basic_cl_handle<cl_event> done;
  std::vector<host_memory_watch> watches;
  enum { open, settling, settled };
  std::atomic<int> settle_state{open};
};

namespace {

// The journal entry of the launch between before_launch and after_launch (the
// runtime calls both from the launching thread).
thread_local std::string current_journal_id;
// A marker enqueued by before_launch just before the kernel (owned; null when
// none): host_hazards.hpp waits for it before hashing memory used in place.
thread_local cl_event current_marker = nullptr;

// Takes the marker (the caller owns it now).
ampcl::detail::basic_cl_handle<cl_event> take_marker() {
  return ampcl::detail::basic_cl_handle<cl_event>(std::exchange(current_marker, nullptr));
}

std::string next_journal_id() {
  static std::atomic<unsigned long> next{0};
  return new_launch_id("", ++next);
}

launch_event checked_event(const std::string& id) {
  launch_event e;
  e.id = id;
  e.checked = true;
  return e;
}

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

racecheck_hook::racecheck_hook(racecheck_options options)
    : engine_(options),
      watchdog_(options.timeout_seconds, [limit = options.timeout_seconds](
                                             const std::string& kernel, const std::string& source) {
        give_up(hung_launch(kernel, source, limit));
      }) {
  engine_.set_give_up([](const hazard& h) { give_up(h); });
}

void racecheck_hook::shutdown() {
  finish_pending();
  watchdog_.stop();
}

void racecheck_hook::give_up(const hazard& h) {
  publish_hazards({h});
  end_process_gave_up(h);
}

racecheck_hook::~racecheck_hook() {
  try {
    finish_pending();
  } catch (...) {
  }
}

std::optional<instrumented_launch> racecheck_hook::before_launch(const accelerator_view& view,
                                                                 const launch_record& launch) {
  // The journal's lines for the launches finished and for this one go in one write.
  std::vector<launch_event> journal = finish_launches_before_next(launch);
  launch_event& started = journal.emplace_back();
  started.id = current_journal_id = next_journal_id();
  started.kernel = launch.kernel_name;
  started.source = launch.source_name;
  publish_launch_events(journal);
  prepared_launch prepared = engine_.prepare(view.context(), view.queue(), launch);
  publish_hazards(prepared.not_checked);
  if (!prepared.launch)  // reported as not checked
    publish_launch_event(checked_event(current_journal_id));
  take_marker();  // one a failed launch left
  // The queue's commands so far (binding included) end before the kernel starts:
  // their end is when memory the device writes in place is quiet (host_hazards.hpp).
  // Without the marker, the hashes at launch are uncertain, and say so.
  if (prepared.launch && hashes_in_place_memory(launch) &&
      clEnqueueMarkerWithWaitList(view.queue(), 0, nullptr, &current_marker) != CL_SUCCESS)
    current_marker = nullptr;
  layer_skips_next_launch();  // the runtime's enqueue that follows is checked here
  return std::move(prepared.launch);
}

void racecheck_hook::after_launch(const accelerator_view& view, const launch_record& launch,
                                  instrumented_launch& rewritten, cl_event done) {
  if (done) watchdog_.watch(done, launch.kernel_name, launch.source_name);
  engine_.launched(view.queue(), rewritten, done);
  auto p = std::make_shared<pending_launch>();
  p->launch = launch;
  p->journal_id = std::exchange(current_journal_id, std::string());
  p->rewritten = std::move(rewritten);  // the runtime is done with it
  p->queue = ampcl::detail::basic_cl_handle<cl_command_queue>::retained(view.queue());
  if (done) {
    p->done = ampcl::detail::basic_cl_handle<cl_event>::retained(done);
    p->watches = watch_host_memory(launch, take_marker().get());
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
  // The launches before that have ended are finished now, while this one runs.
  std::vector<std::shared_ptr<pending_launch>> ended;
  {
    std::lock_guard<std::mutex> lock(m_);
    std::vector<std::shared_ptr<pending_launch>> running;
    for (auto& q : pending_)
      (q->done && execution_status(q->done.get()) <= CL_COMPLETE ? ended : running)
          .push_back(std::move(q));
    pending_.swap(running);
    pending_.push_back(std::move(p));
  }
  publish_launch_events(finish_launches(ended));
}

void racecheck_hook::on_host_access(const void*, bool) {
  finish_pending();
}

void racecheck_hook::finish_pending() {
  publish_launch_events(finish_pending_launches());
}

std::vector<launch_event> racecheck_hook::finish_pending_launches() {
  std::vector<std::shared_ptr<pending_launch>> todo;
  {
    std::lock_guard<std::mutex> lock(m_);
    todo.swap(pending_);
  }
  return finish_launches(todo);
}

std::vector<launch_event> racecheck_hook::finish_launches_before_next(const launch_record& next) {
  std::vector<std::shared_ptr<pending_launch>> todo, still_running;
  {
    std::lock_guard<std::mutex> lock(m_);
    for (std::size_t i = 0; i < pending_.size(); ++i) {
      std::shared_ptr<pending_launch>& p = pending_[i];
      // Finished once the next launch is queued (after_launch), if small, and if
      // the next one cannot change memory it compares before it compared it.
      const bool stays = i + 1 == pending_.size() && p->done &&
                         racecheck_engine::shadow_bytes(p->rewritten) <=
                             engine_.options().in_flight_shadow_bytes &&
                         !writes_hashed_memory(p->watches, next);
      (stays ? still_running : todo).push_back(std::move(p));
    }
    pending_.swap(still_running);
  }
  return finish_launches(todo);
}

std::vector<launch_event> racecheck_hook::finish_launches(
    const std::vector<std::shared_ptr<pending_launch>>& todo) {
  std::vector<launch_event> journal;
  for (const auto& p : todo) {
    std::vector<hazard> found =
        engine_.finish(p->queue.get(), p->launch, p->rewritten, p->done.get());
    if (!p->watches.empty()) {
      wait_for_callback(*p);
      settle(*p, false);  // returns at once if the callback settled it
      std::vector<hazard> host = host_device_hazards(p->launch, p->watches);
      found.insert(found.end(), host.begin(), host.end());
    }
    publish_hazards(found);
    journal.push_back(checked_event(p->journal_id));
    for (const hazard& h : found)
      if (is_not_checked(h) && h.reason == to_string(unchecked_reason::watchdog)) {
        publish_launch_events(journal);
        give_up(h);
      }
  }
  return journal;
}

}  // namespace ampcl::debug
