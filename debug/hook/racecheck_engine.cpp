#include "racecheck_engine.hpp"

#include <ampcl/detail/cl_handle.hpp>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "instrument_result_cache.hpp"
#include "programs/binary_cache.hpp"
#include "programs/program_builder.hpp"
#include "result_io.hpp"
#include "support/cl_info.hpp"
#include "unchecked_reason.hpp"

namespace ampcl::debug {

void end_process_gave_up(const hazard& h) {
  std::fprintf(stderr,
               "ampcl race check: kernel %s was not checked (%s): %s\n"
               "ampcl race check: ending the process with status %d\n",
               h.kernel.c_str(), h.reason.c_str(), h.detail.c_str(), exit_gave_up);
  std::fflush(nullptr);
  std::_Exit(exit_gave_up);
}

namespace {

// The first lines of a compiler's output, for a report.
std::string first_lines(const std::string& text, int lines) {
  std::size_t at = 0;
  for (int i = 0; i < lines && at != std::string::npos; ++i) {
    at = text.find('\n', at);
    if (at != std::string::npos) ++at;
  }
  std::string out = at == std::string::npos ? text : text.substr(0, at);
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  return out + (at != std::string::npos && at < text.size() ? "\n    ..." : "");
}

std::string seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g s", s);
  return buf;
}

// Runs `work`; if it has not returned after `limit` seconds, calls `expired` from
// another thread (which must end the process: `work` is stuck in the driver).
template <class Work, class Expired>
void with_watchdog(double limit, Work work, Expired expired) {
  std::mutex m;
  std::condition_variable cv;
  bool done = false;
  std::thread timer([&] {
    std::unique_lock<std::mutex> lock(m);
    if (!cv.wait_for(lock, std::chrono::duration<double>(limit), [&] { return done; })) {
      lock.unlock();
      expired();
    }
  });
  work();
  {
    std::lock_guard<std::mutex> lock(m);
    done = true;
  }
  cv.notify_all();
  timer.join();
}

}  // namespace

cl_int wait_with_watchdog(cl_command_queue queue, cl_event done, double seconds) {
  clFlush(queue);
  if (!done) {
    const cl_int err = clFinish(queue);
    return err == CL_SUCCESS ? CL_COMPLETE : err;
  }
  const auto start = std::chrono::steady_clock::now();
  const auto deadline = start + std::chrono::duration<double>(seconds);
  const auto spin_until = start + std::chrono::milliseconds(2);  // short launches: no sleep
  auto pause = std::chrono::microseconds(50);
  for (;;) {
    const cl_int status = execution_status(done);
    if (status == CL_COMPLETE || status < 0) return status;
    const auto now = std::chrono::steady_clock::now();
    if (now > deadline) return CL_QUEUED;
    if (now < spin_until) {
      std::this_thread::yield();
      continue;
    }
    std::this_thread::sleep_for(pause);
    if (pause < std::chrono::milliseconds(20)) pause *= 2;
  }
}

hazard hung_launch(const std::string& kernel, const std::string& source, double limit) {
  return not_checked(unchecked_reason::watchdog, kernel, source,
                     "the launch did not complete within " + seconds(limit) +
                         " (AMPCL_RACECHECK_TIMEOUT_S): an endless loop, or a hang the checker "
                         "could not prevent; no records were "
                         "read back. Raise AMPCL_RACECHECK_TIMEOUT_S if the kernel is merely slow "
                         "under the checker.");
}

hazard failed_launch(const std::string& kernel, const std::string& source, cl_int status) {
  return not_checked(unchecked_reason::launch_failed, kernel, source,
                     "the driver reported the instrumented launch failed (execution status " +
                         std::to_string(status) +
                         "); no records were read back. A fault in the kernel (a misaligned or "
                         "invalid address) fails it without the checker too: run it alone to "
                         "see; if it runs there, report the kernel to ampcl.");
}

racecheck_engine::racecheck_engine(racecheck_options options) : options_(options) {}

std::shared_ptr<const instrument_result> racecheck_engine::instrumented(
    const launch_record& launch) {
  const std::string& text = *launch.source;
  {
    std::lock_guard<std::mutex> lock(m_);
    // The same text object as a launch before: found without reading the text.
    if (auto it = by_text_object_.find(std::tie(launch.source, launch.options, launch.kernel_name));
        it != by_text_object_.end())
      return it->second;
    if (auto it = cache_.find(std::tie(text, launch.options, launch.kernel_name));
        it != cache_.end())
      return remember_text_object(launch, it->second);
  }
  // Instrument outside the lock: it takes a parse of the program (or a read of the
  // disk cache, where an earlier process instrumented the same).
  auto result = std::make_shared<const instrument_result>(
      instrument_with_disk_cache(ampcl::detail::binary_cache::process(), text, launch.source_name,
                                 launch.options, launch.kernel_name));
  std::lock_guard<std::mutex> lock(m_);
  return remember_text_object(
      launch, cache_.emplace(std::make_tuple(text, launch.options, launch.kernel_name), result)
                  .first->second);
}

const std::shared_ptr<const instrument_result>& racecheck_engine::remember_text_object(
    const launch_record& launch, const std::shared_ptr<const instrument_result>& result) {
  // Only a shortcut: a program made again and again (a new text object each time)
  // must not keep all its texts alive.
  if (by_text_object_.size() >= max_text_objects) by_text_object_.clear();
  return by_text_object_
      .emplace(std::make_tuple(launch.source, launch.options, launch.kernel_name), result)
      .first->second;
}

std::string missing_for_shadow(const std::string& device_extensions) {
  if (device_extensions.find("cl_khr_int64_base_atomics") == std::string::npos)
    return "the device lacks cl_khr_int64_base_atomics, which the shadow runtime's 64-bit "
           "shadow words need";
  return "";
}

std::string racecheck_engine::device_gap(cl_device_id device) {
  std::lock_guard<std::mutex> lock(m_);
  if (auto it = device_gap_.find(device); it != device_gap_.end()) return it->second;
  std::size_t n = 0;
  clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, 0, nullptr, &n);
  std::string extensions(n, '\0');
  if (n) clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, n, extensions.data(), nullptr);
  return device_gap_.emplace(device, missing_for_shadow(extensions)).first->second;
}

// Bytes of __local memory one work-group may use on `device`.
std::uint64_t racecheck_engine::local_room(cl_device_id device) {
  std::lock_guard<std::mutex> lock(m_);
  auto it = local_room_.find(device);
  if (it != local_room_.end()) return it->second;
  return local_room_
      .emplace(device, ampcl::detail::device_value<cl_ulong>(device, CL_DEVICE_LOCAL_MEM_SIZE))
      .first->second;
}

// The shadow budget of a launch on `device` where AMPCL_RACECHECK_SHADOW_MB is unset.
std::size_t racecheck_engine::shadow_budget(cl_device_id device) {
  std::lock_guard<std::mutex> lock(m_);
  auto it = shadow_budget_.find(device);
  if (it != shadow_budget_.end()) return it->second;
  using ampcl::detail::device_value;
  const std::size_t budget =
      device_shadow_budget(device_value<cl_ulong>(device, CL_DEVICE_GLOBAL_MEM_SIZE),
                           device_value<cl_ulong>(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE));
  return shadow_budget_.emplace(device, budget).first->second;
}

std::size_t racecheck_engine::launch_shadow_budget(cl_device_id device) {
  if (options_.shadow_budget_bytes) return *options_.shadow_budget_bytes;
  return device ? shadow_budget(device) : racecheck_options::fallback_shadow_budget;
}

std::size_t racecheck_engine::queued_launch_limit(cl_device_id device) {
  // the launch being prepared holds a set of its own besides those queued
  return ampcl::detail::is_cpu_device(device) ? shadow_pool::kept_sets - 1 : SIZE_MAX;
}

bool racecheck_engine::first_report(const launch_record& launch, const std::string& reason) {
  std::lock_guard<std::mutex> lock(m_);
  return reported_.emplace(std::make_tuple(launch.kernel_name, launch.source_name, reason), true)
      .second;
}

const racecheck_engine::build& racecheck_engine::built(cl_context context, cl_device_id device,
                                                       const instrument_result& program,
                                                       const std::string& options,
                                                       const std::string& kernel_name) {
  build* b = nullptr;
  {
    std::lock_guard<std::mutex> lock(m_);
    build*& known = build_of_result_[std::make_tuple(context, device, &program, options)];
    if (!known) {
      auto& slot =
          builds_[std::make_tuple(context, device, std::string_view(program.source), options)];
      if (!slot) slot = std::make_unique<build>();
      known = slot.get();  // stays put: entries are never removed
    }
    b = known;
  }
  std::call_once(b->made, [&] {
    ampcl::detail::program_request request;
    request.context = context;
    request.device = device;
    request.source = program.source;
    request.options = options;
    request.source_name = kernel_name + " (instrumented)";
    with_watchdog(
        options_.build_timeout_seconds,
        [&] {
          ampcl::detail::built_program made = ampcl::detail::build_program(request);
          b->program = std::move(made.program);
          if (b->program) return;
          b->failure = made.failed_call == std::string("clCreateProgramWithSource")
                           ? "clCreateProgramWithSource failed with OpenCL error " +
                                 std::to_string(made.error)
                           : "OpenCL error " + std::to_string(made.error) +
                                 (made.log.empty() ? "" : ":\n" + made.log);
        },
        [&] {
          if (give_up_)
            give_up_(
                not_checked(unchecked_reason::watchdog, kernel_name, "",
                            "the driver did not finish building the instrumented kernel within " +
                                seconds(options_.build_timeout_seconds) +
                                " (AMPCL_RACECHECK_BUILD_TIMEOUT_S); the process cannot go on "
                                "while the build is stuck, so it ends here."));
        });
  });
  return *b;
}

namespace {
// The options an instrumented program is built with: the program's own, -w (the
// shadow runtime and the rewritten accesses draw warnings that are not the user's;
// their own warnings showed in the plain build), then the shadow plan's defines.
std::string instrumented_options(const std::string& program_options,
                                 const std::string& plan_defines) {
  std::string options = program_options.empty() ? "-w" : program_options + " -w";
  if (!plan_defines.empty()) options += " " + plan_defines;
  return options;
}
}  // namespace

prepared_launch racecheck_engine::prepare(cl_context context, cl_command_queue queue,
                                          const launch_record& launch) {
  prepared_launch out;
  cl_device_id device = ampcl::detail::queue_device(queue);
  if (const std::string gap = device ? device_gap(device) : ""; !gap.empty()) {
    if (first_report(launch, "device"))
      out.not_checked.push_back(not_checked(unchecked_reason::unsupported_device,
                                            launch.kernel_name, launch.source_name,
                                            gap + "; it ran unchecked."));
    return out;
  }
  auto program = instrumented(launch);
  if (!program->ok) {
    if (first_report(launch, "instrumenter"))
      out.not_checked.push_back(
          not_checked(unchecked_reason::instrumenter, launch.kernel_name, launch.source_name,
                      "the instrumenter could not rewrite the kernel, so it ran unchecked:\n    " +
                          first_lines(program->diagnostics, 8)));
    return out;
  }
  if (!program->warnings.empty() && first_report(launch, "unsupported")) {
    std::string list;
    for (const auto& w : program->warnings) list += "\n    " + w;
    out.not_checked.push_back(not_checked(
        unchecked_reason::unsupported, launch.kernel_name, launch.source_name,
        "some accesses could not be instrumented and went unchecked (the rest was checked):" +
            list));
  }
  // The kernel's own __local arrays, which the checker keeps (it notes their
  // addresses) where the driver may drop one the kernel never really uses: when
  // they cannot fit, the instrumented kernel cannot run (PoCL asserts on it).
  const std::uint64_t room = device ? local_room(device) : 0;
  if (room) {
    std::uint64_t own = 0;
    for (const auto& o : program->tile_static)
      own += o.param_index >= 0 && static_cast<std::size_t>(o.param_index) < launch.args.size()
                 ? launch.args[o.param_index].local_bytes
                 : o.bytes;
    const std::uint64_t runtime = layout::runtime_local_bytes(program->tile_static.size());
    if (own + runtime > room) {
      if (first_report(launch, "local-memory"))
        out.not_checked.push_back(not_checked(
            unchecked_reason::local_memory, launch.kernel_name, launch.source_name,
            "the kernel's __local arrays take " + std::to_string(own) +
                " bytes (and the checker's own state " + std::to_string(runtime) +
                "), more than the device's " + std::to_string(room) +
                " bytes of local memory; the original runs only because the driver drops the "
                "arrays it never really uses, which the checker must keep. It ran unchecked: "
                "make the __local arrays fit the device (CL_DEVICE_LOCAL_MEM_SIZE) to have it "
                "checked."));
      return out;
    }
  }
  racecheck_options launch_options = options_;
  launch_options.uninitialized = racecheck_options::uninitialized_from_environment();
  {
    std::lock_guard<std::mutex> lock(m_);
    if (pattern_left_.count({launch.source_name, launch.kernel_name})) launch_options.owned = false;
  }
  if (!launch_options.shadow_budget_bytes && device)
    launch_options.shadow_budget_bytes = shadow_budget(device);
  shadow_plan plan = plan_shadow(*program, launch, launch_options, room);
  std::string options = instrumented_options(launch.options, plan.build_options());
  static const build unknown_device;  // no program: the caller builds it as before
  const build& b =
      device ? built(context, device, *program, options, launch.kernel_name) : unknown_device;
  if (const std::string& failed = b.failure; !failed.empty()) {
    if (first_report(launch, "build"))
      out.not_checked.push_back(not_checked(
          unchecked_reason::build, launch.kernel_name, launch.source_name,
          "the driver could not build the instrumented kernel (the original builds), so it ran "
          "unchecked; this is a bug of the checker, please report it with the kernel. "
          "The driver said: " +
              first_lines(failed, 12)));
    return out;
  }
  auto shadow = std::make_shared<shadow_launch>(context, queue, program, std::move(plan),
                                                options_.record_capacity, pool_);
  instrumented_launch rewritten;
  rewritten.source = std::shared_ptr<const std::string>(program, &program->source);
  rewritten.options = std::move(options);
  rewritten.program = b.program.get();  // kept alive by builds_, as long as the engine
  rewritten.extra_args = shadow->extra_args();
  rewritten.state = shadow;
  out.launch = std::move(rewritten);
  return out;
}

void racecheck_engine::launched(cl_command_queue queue, instrumented_launch& rewritten,
                                cl_event done) {
  auto shadow = std::static_pointer_cast<shadow_launch>(rewritten.state);
  if (!shadow || !done) return;
  cl_context context = nullptr;
  cl_device_id device = nullptr;
  cl_command_queue reads = nullptr;
  if (clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, sizeof context, &context, nullptr) ==
          CL_SUCCESS &&
      clGetCommandQueueInfo(queue, CL_QUEUE_DEVICE, sizeof device, &device, nullptr) == CL_SUCCESS)
    reads = own_queue(context, device);
  shadow->queue_header_read(reads ? reads : queue, done);
}

cl_command_queue racecheck_engine::own_queue(cl_context context, cl_device_id device) {
  std::lock_guard<std::mutex> lock(m_);
  auto& own = own_queues_[{context, device}];
  if (!own.get()) {
    cl_int err = CL_SUCCESS;
    cl_command_queue q = clCreateCommandQueue(context, device, 0, &err);
    own = ampcl::detail::basic_cl_handle<cl_command_queue>(err == CL_SUCCESS ? q : nullptr);
  }
  return own.get();
}

std::size_t racecheck_engine::shadow_bytes(const instrumented_launch& rewritten) {
  auto shadow = std::static_pointer_cast<shadow_launch>(rewritten.state);
  return shadow ? shadow->shadow_bytes() : 0;
}

bool racecheck_engine::setup_queued(const instrumented_launch& rewritten) {
  auto shadow = std::static_pointer_cast<shadow_launch>(rewritten.state);
  return !shadow || shadow->setup_queued();
}

std::vector<hazard> racecheck_engine::finish(cl_command_queue queue, const launch_record& launch,
                                             instrumented_launch& rewritten, cl_event done) {
  auto shadow = std::static_pointer_cast<shadow_launch>(rewritten.state);
  if (!shadow) return {};
  // The records' header is read behind the launch (queue_header_read): waiting for
  // the read waits for the launch too, with one wake-up's latency instead of two.
  const cl_event last = shadow->header_event() ? shadow->header_event() : done;
  cl_int ended = wait_with_watchdog(queue, last, options_.timeout_seconds);
  if (last != done && ended != CL_QUEUED && done) ended = execution_status(done);
  if (ended != CL_COMPLETE) {
    shadow->abandon();
    if (ended == CL_QUEUED)
      return {hung_launch(launch.kernel_name, launch.source_name, options_.timeout_seconds)};
    return {failed_launch(launch.kernel_name, launch.source_name, ended)};
  }
  analysis_input in = shadow->read_back(queue);
  std::vector<hazard> out = analyze(in);
  for (const hazard& h : out)
    if (h.reason == to_string(unchecked_reason::element_pattern)) {
      std::lock_guard<std::mutex> lock(m_);
      pattern_left_.insert({launch.source_name, launch.kernel_name});
    }
  if (in.dropped) {
    for (auto& h : out) h.partial_check = true;
  }
  if (shadow->plan().partial && first_report(launch, "partial"))
    out.push_back(
        not_checked(unchecked_reason::partial, launch.kernel_name, launch.source_name,
                    "the launch was checked only in part: " + shadow->plan().partial_reason + "."));
  return out;
}

}  // namespace ampcl::debug
