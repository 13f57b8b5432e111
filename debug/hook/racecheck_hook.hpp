// The debug mode as an ampcl::launch_hook: instruments launches, runs them with
// shadow buffers, and publishes what it finds to the collector.
//
// Launches stay asynchronous, so the host can still race with them: a launch is
// finished (waited for, read back, analysed) once the next launch is queued (if
// it has ended by then, else at the launch after), at the next host access
// through ampcl (on_host_access), or at exit. The next launch takes shadow buffers
// of its own meanwhile (where the launch's shadow is large, it is finished before
// the next one is made instead), so the device goes on to the next kernel
// without waiting for the host's read-back and analysis; the records' header is
// read on a queue of the checker's own (racecheck_engine::launched), so a
// program's own waits wait for its kernels only. Host/device hazards
// (host_hazards.hpp): while a launch runs, the whole pages of the host memory
// behind its array/array_view arguments are protected (read-only where the
// kernel only reads, no access where it may write), so a host access through a
// raw pointer or the original container faults, is recorded with its place and
// let through; the guards are lifted at completion (an event callback) and
// before ampcl itself touches the data (on_host_access; ampcl's own host access
// waits).
//
// Every launch is journalled (collector.hpp): announced before it is built and
// run, closed once checked, so that a crash leaves a trace of what it stopped.
// A launch that hangs (watchdog) is reported not checked and ends the process:
// its queue would block everything after it.
#pragma once

#include <ampcl/launch_hook.hpp>
#include <memory>
#include <mutex>
#include <vector>

#include "hazards_jsonl.hpp"
#include "launch_watchdog.hpp"
#include "racecheck_engine.hpp"

namespace ampcl::debug {

struct pending_launch;

class racecheck_hook : public ampcl::launch_hook {
 public:
  explicit racecheck_hook(racecheck_options options = racecheck_options::from_environment());
  ~racecheck_hook() override;

  std::optional<instrumented_launch> before_launch(const accelerator_view& view,
                                                   const launch_record& launch) override;
  void after_launch(const accelerator_view& view, const launch_record& launch,
                    instrumented_launch& rewritten, cl_event done) override;
  void on_host_access(const void* storage, bool launch_pending) override;

  // Finishes every launch still pending and publishes its hazards.
  void finish_pending();
  // At process exit: finishes what is pending and stops the watchdog.
  void shutdown();

  racecheck_engine& engine() { return engine_; }

 private:
  [[noreturn]] static void give_up(const hazard& h);
  // finish_pending, but the journal's lines that close the launches it finished
  // are returned, for the caller to publish.
  std::vector<launch_event> finish_pending_launches();
  // The same for the launches to finish before `next` is made: all but the
  // newest, and that one too where its shadow is larger than
  // racecheck_options::in_flight_shadow_bytes (it keeps its shadow buffers, and
  // the next launch takes a set of its own) or where `next` may write memory it
  // compares by hash (host_hazards.hpp); after_launch finishes it.
  std::vector<launch_event> finish_launches_before_next(const launch_record& next);
  std::vector<launch_event> finish_launches(
      const std::vector<std::shared_ptr<pending_launch>>& todo);

  racecheck_engine engine_;
  launch_watchdog watchdog_;
  std::mutex m_;
  std::vector<std::shared_ptr<pending_launch>> pending_;
};

}  // namespace ampcl::debug
