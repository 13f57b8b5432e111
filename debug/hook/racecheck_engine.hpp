// The debug mode without the runtime: instruments a launch (cached), sets up its
// shadow buffers, and after completion turns the device's records into hazards.
// racecheck_hook adapts it to ampcl::launch_hook; tests drive it with raw OpenCL.
#pragma once

#include <ampcl/launch_hook.hpp>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "shadow_launch.hpp"

namespace ampcl::debug {

class racecheck_engine {
 public:
  explicit racecheck_engine(racecheck_options options = racecheck_options::from_environment());

  // The instrumented program for (source, options, kernel); never null.
  std::shared_ptr<const instrument_result> instrumented(const launch_record& launch);

  // The launch to run instead, or nullopt when the kernel could not be instrumented
  // (the reason goes to stderr once per kernel and the original runs unchecked).
  std::optional<instrumented_launch> prepare(cl_context context, cl_command_queue queue,
                                             const launch_record& launch);

  // Waits for `done` (null: for the whole queue) under the watchdog, reads the
  // shadow state back and runs the analysis.
  std::vector<hazard> finish(cl_command_queue queue, const launch_record& launch,
                             instrumented_launch& rewritten, cl_event done);

  const racecheck_options& options() const { return options_; }

 private:
  std::uint64_t local_room(cl_command_queue queue);

  racecheck_options options_;
  std::shared_ptr<shadow_pool> pool_ = std::make_shared<shadow_pool>();
  std::mutex m_;
  std::map<cl_device_id, std::uint64_t> local_room_;
  std::map<std::tuple<std::string, std::string, std::string>,
           std::shared_ptr<const instrument_result>>
      cache_;
  std::map<std::string, bool> warned_;
};

}  // namespace ampcl::debug
