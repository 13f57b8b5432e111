#include "racecheck_engine.hpp"

#include <chrono>
#include <cstdio>
#include <thread>

#include "result_io.hpp"

namespace ampcl::debug {

racecheck_engine::racecheck_engine(racecheck_options options) : options_(options) {}

std::shared_ptr<const instrument_result> racecheck_engine::instrumented(
    const launch_record& launch) {
  auto key = std::make_tuple(launch.source, launch.options, launch.kernel_name);
  {
    std::lock_guard<std::mutex> lock(m_);
    if (auto it = cache_.find(key); it != cache_.end()) return it->second;
  }
  // Instrument outside the lock: it takes a parse of the program.
  auto result = std::make_shared<const instrument_result>(instrument_in_subprocess(
      launch.source, launch.source_name, launch.options, launch.kernel_name));
  std::lock_guard<std::mutex> lock(m_);
  return cache_.emplace(key, result).first->second;
}

std::optional<instrumented_launch> racecheck_engine::prepare(cl_context context,
                                                             cl_command_queue queue,
                                                             const launch_record& launch) {
  auto program = instrumented(launch);
  if (!program->ok) {
    std::lock_guard<std::mutex> lock(m_);
    if (!warned_[launch.kernel_name]) {
      warned_[launch.kernel_name] = true;
      std::fprintf(stderr,
                   "ampcl race check: kernel %s runs unchecked: it could not be instrumented:\n%s",
                   launch.kernel_name.c_str(), program->diagnostics.c_str());
    }
    return std::nullopt;
  }
  auto shadow = std::make_shared<shadow_launch>(
      context, queue, program, plan_shadow(*program, launch, options_), options_.record_capacity);
  instrumented_launch out;
  out.source = program->source;
  // -w: the shadow runtime and the rewritten accesses draw warnings (unused hooks,
  // casts) that are not the user's; their own warnings showed in the plain build.
  out.options = launch.options.empty() ? "-w" : launch.options + " -w";
  out.extra_args = shadow->extra_args();
  out.state = shadow;
  return out;
}

namespace {

// Waits for the event, giving up after `seconds` (a divergent barrier can hang a
// GPU). True when it completed.
bool wait_with_watchdog(cl_command_queue queue, cl_event done, double seconds) {
  clFlush(queue);
  if (!done) return clFinish(queue) == CL_SUCCESS;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  auto pause = std::chrono::microseconds(50);
  for (;;) {
    cl_int status = CL_QUEUED;
    if (clGetEventInfo(done, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr) !=
        CL_SUCCESS)
      return false;
    if (status == CL_COMPLETE) return true;
    if (status < 0) return false;
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(pause);
    if (pause < std::chrono::milliseconds(20)) pause *= 2;
  }
}

}  // namespace

std::vector<hazard> racecheck_engine::finish(cl_command_queue queue, const launch_record& launch,
                                             instrumented_launch& rewritten, cl_event done) {
  auto shadow = std::static_pointer_cast<shadow_launch>(rewritten.state);
  if (!shadow) return {};
  if (!wait_with_watchdog(queue, done, options_.timeout_seconds)) {
    hazard h;
    h.kind = hazard_class::barrier_divergence;
    h.kernel = launch.kernel_name;
    h.rank = static_cast<int>(launch.work_dim);
    h.detail = "the launch did not complete within " + std::to_string(options_.timeout_seconds) +
               " s (AMPCL_RACECHECK_TIMEOUT_S) or failed: barrier divergence the checker could not "
               "prevent, or an endless loop; no records were read back.";
    h.partial_check = true;
    return {h};
  }
  analysis_input in = shadow->read_back(queue);
  std::vector<hazard> out = analyze(in);
  if (in.dropped) {
    for (auto& h : out) h.partial_check = true;
  }
  return out;
}

}  // namespace ampcl::debug
