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

// Bytes of __local memory one work-group may use on the queue's device.
std::uint64_t racecheck_engine::local_room(cl_command_queue queue) {
  cl_device_id device = nullptr;
  if (clGetCommandQueueInfo(queue, CL_QUEUE_DEVICE, sizeof device, &device, nullptr) != CL_SUCCESS)
    return 0;
  std::lock_guard<std::mutex> lock(m_);
  auto it = local_room_.find(device);
  if (it != local_room_.end()) return it->second;
  cl_ulong bytes = 0;
  if (clGetDeviceInfo(device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof bytes, &bytes, nullptr) !=
      CL_SUCCESS)
    bytes = 0;
  return local_room_.emplace(device, bytes).first->second;
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
  shadow_plan plan = plan_shadow(*program, launch, options_, local_room(queue));
  // -w: the shadow runtime and the rewritten accesses draw warnings (unused hooks,
  // casts) that are not the user's; their own warnings showed in the plain build.
  std::string options = launch.options.empty() ? "-w" : launch.options + " -w";
  if (const std::string d = plan.build_options(); !d.empty()) options += " " + d;
  auto shadow = std::make_shared<shadow_launch>(context, queue, program, std::move(plan),
                                                options_.record_capacity, pool_);
  instrumented_launch out;
  out.source = program->source;
  out.options = std::move(options);
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
  const auto start = std::chrono::steady_clock::now();
  const auto deadline = start + std::chrono::duration<double>(seconds);
  const auto spin_until = start + std::chrono::milliseconds(2);  // short launches: no sleep
  auto pause = std::chrono::microseconds(50);
  for (;;) {
    cl_int status = CL_QUEUED;
    if (clGetEventInfo(done, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr) !=
        CL_SUCCESS)
      return false;
    if (status == CL_COMPLETE) return true;
    if (status < 0) return false;
    const auto now = std::chrono::steady_clock::now();
    if (now > deadline) return false;
    if (now < spin_until) {
      std::this_thread::yield();
      continue;
    }
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
    shadow->abandon();
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
