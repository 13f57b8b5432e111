// The debug mode without the runtime: instruments a launch (cached), checks the
// driver builds the instrumented program, sets up its shadow buffers, and after
// completion turns the device's records into hazards. racecheck_hook adapts it
// to ampcl::launch_hook; tests drive it with raw OpenCL; an OpenCL layer can
// drive it the same way (prepare before the enqueue, finish after it).
//
// Whatever the engine cannot check it says so, as a not_checked report with its
// reason (unchecked_reason.hpp): the kernel could not be instrumented, the driver
// could not build the instrumented program, some constructs were left
// unchecked, the launch did not finish within the watchdog, or only part of it
// fitted the shadow budget. It never lets such a launch pass as clean.
#pragma once

#include <ampcl/launch_hook.hpp>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "shadow_launch.hpp"

namespace ampcl::debug {

// What prepare() decided for one launch.
struct prepared_launch {
  std::optional<instrumented_launch> launch;  // nullopt: run the original, unchecked
  std::vector<hazard> not_checked;            // why it is not (fully) checked, if so
};

// The not_checked report of a launch still running after `seconds`.
hazard hung_launch(const std::string& kernel, const std::string& source, double seconds);
// The not_checked report of a launch whose event ended with the negative `status`.
hazard failed_launch(const std::string& kernel, const std::string& source, cl_int status);

// What a device lacks that the shadow runtime needs, from its CL_DEVICE_EXTENSIONS
// ("" when nothing): such a device runs kernels unchecked (unsupported-device).
std::string missing_for_shadow(const std::string& device_extensions);

// How the launch behind `done` ended: CL_COMPLETE, the driver's negative execution
// status, or CL_QUEUED when it was still running after `seconds` (a divergent
// barrier can hang a GPU). With no event, the queue's clFinish decides.
cl_int wait_with_watchdog(cl_command_queue queue, cl_event done, double seconds);

// A launch or build hung: its queue or the driver is stuck and the process cannot
// go on. Once `h` (not checked) is published, says so on stderr and ends the
// process with exit_gave_up, which ampcl-racecheck reads as "not finished".
inline constexpr int exit_gave_up = 124;
[[noreturn]] void end_process_gave_up(const hazard& h);

class racecheck_engine {
 public:
  explicit racecheck_engine(racecheck_options options = racecheck_options::from_environment());

  // The instrumented program for (source, options, kernel); never null.
  std::shared_ptr<const instrument_result> instrumented(const launch_record& launch);

  // The launch to run instead (its source, options and shadow buffers), or the
  // reason it runs unchecked. A kernel's not_checked reports come once per
  // kernel (per program and options), not once per launch.
  prepared_launch prepare(cl_context context, cl_command_queue queue, const launch_record& launch);

  // Waits for `done` (null: for the whole queue) under the watchdog, reads the
  // shadow state back and runs the analysis. A launch the watchdog gave up on
  // comes back as one not_checked report (reason "watchdog"), a launch checked
  // only in part adds one (reason "partial").
  std::vector<hazard> finish(cl_command_queue queue, const launch_record& launch,
                             instrumented_launch& rewritten, cl_event done);

  // Right after the instrumented launch was enqueued on `queue` (its event `done`):
  // queues the read of the records' header behind it, so that finish() finds it
  // there instead of making a round trip to the device of its own. The read goes
  // on own_queue() beside `queue`, so the program's waits on its queue (clFinish)
  // wait for its kernels only. For the ampcl runtime's launches (the layer
  // enqueues on own_queue() itself and does not call this).
  void launched(cl_command_queue queue, instrumented_launch& rewritten, cl_event done);

  // The device memory the launch's shadow holds (0 for a launch run unchecked).
  static std::size_t shadow_bytes(const instrumented_launch& rewritten);
  // Whether prepare() queued commands that set the launch's shadow up on the queue
  // it was given; where it queued none, the launch need not wait for that queue.
  static bool setup_queued(const instrumented_launch& rewritten);

  const racecheck_options& options() const { return options_; }

  // Called from a watchdog thread when a build hangs in the driver: the process
  // cannot go on, so `give_up` reports the not_checked launch and ends it.
  void set_give_up(std::function<void(const hazard&)> give_up) { give_up_ = std::move(give_up); }

  // missing_for_shadow() of `device`, asked of the driver once per device.
  std::string device_gap(cl_device_id device);

  // The checker's own in-order queue on (context, device), made once, for reading
  // shadow state back without waiting behind the program's commands; null where
  // the driver would not make one. It retains its context, so no other context
  // takes that address while the engine lives.
  cl_command_queue own_queue(cl_context context, cl_device_id device);
  // One launch's shadow budget on `device`: AMPCL_RACECHECK_SHADOW_MB, else the
  // device's (device_shadow_budget), read once per device.
  std::size_t launch_shadow_budget(cl_device_id device);
  // How many launches may wait in the queue with shadow buffers of their own: on a
  // CPU device fewer than the pool keeps sets (shadow_pool::kept_sets), as its
  // fresh buffers are host memory the program's own cores fault in and clear
  // (docs/racecheck-internals.md has nw's figures); elsewhere no limit but
  // launch_shadow_budget's on their bytes.
  std::size_t queued_launch_limit(cl_device_id device);

 private:
  std::uint64_t local_room(cl_device_id device);
  std::size_t shadow_budget(cl_device_id device);
  // The instrumented program built for (context, device): once per engine, through
  // the program builder's disk cache (lib/programs/program_builder.hpp), and handed
  // to the launch (instrumented_launch::program) so that neither the runtime nor
  // the layer builds it again. `program` is one of cache_'s, which live as long as
  // the engine: its address names its source.
  struct build {
    std::once_flag made;  // threads launching one kernel at once wait for one build
    ampcl::detail::basic_cl_handle<cl_program> program;  // null when it failed
    std::string failure;                                 // then the driver's error and build log
  };
  const build& built(cl_context context, cl_device_id device, const instrument_result& program,
                     const std::string& options, const std::string& kernel_name);
  // True the first time (kernel, reason) is seen: reports come once per kernel.
  bool first_report(const launch_record& launch, const std::string& reason);

  racecheck_options options_;
  // Kernels (source name, kernel name) one of whose launches left the element pattern
  // of a buffer it went unshadowed for (element_pattern.cpp): their later launches
  // give every buffer a shadow.
  std::set<std::pair<std::string, std::string>> pattern_left_;
  std::function<void(const hazard&)> give_up_;
  std::shared_ptr<shadow_pool> pool_ = std::make_shared<shadow_pool>();
  std::mutex m_;
  std::map<cl_device_id, std::uint64_t> local_room_;
  std::map<cl_device_id, std::size_t> shadow_budget_;
  std::map<cl_device_id, std::string> device_gap_;
  std::map<std::pair<cl_context, cl_device_id>, ampcl::detail::basic_cl_handle<cl_command_queue>>
      own_queues_;
  // Call with m_ held: `result` is found by launch.source's object from now on.
  const std::shared_ptr<const instrument_result>& remember_text_object(
      const launch_record& launch, const std::shared_ptr<const instrument_result>& result);

  // The instrumented programs by (text, options, kernel name); std::less<>: found
  // by references, without copying the text.
  std::map<std::tuple<std::string, std::string, std::string>,
           std::shared_ptr<const instrument_result>, std::less<>>
      cache_;
  // The same by the text object (launch_record::source), which the key keeps
  // alive, so that its address names one text for as long as the entry lives.
  std::map<std::tuple<std::shared_ptr<const std::string>, std::string, std::string>,
           std::shared_ptr<const instrument_result>, std::less<>>
      by_text_object_;
  static constexpr std::size_t max_text_objects = 256;
  // The builds by their text and options: kernels instrumented together share one
  // source (instrument.hpp), so one build serves the launches of all of them. The
  // views are of results in cache_, which are never removed.
  std::map<std::tuple<cl_context, cl_device_id, std::string_view, std::string>,
           std::unique_ptr<build>, std::less<>>
      builds_;
  // The same by the result, so that a launch finds its build without comparing texts.
  std::map<std::tuple<cl_context, cl_device_id, const instrument_result*, std::string>, build*,
           std::less<>>
      build_of_result_;
  std::map<std::tuple<std::string, std::string, std::string>, bool> reported_;
};

}  // namespace ampcl::debug
