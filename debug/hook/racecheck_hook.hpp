// The debug mode as an ampcl::launch_hook: instruments launches, runs them with
// shadow buffers, and publishes what it finds to the collector.
#pragma once

#include <ampcl/launch_hook.hpp>

#include "racecheck_engine.hpp"

namespace ampcl::debug {

class racecheck_hook : public ampcl::launch_hook {
 public:
  explicit racecheck_hook(racecheck_options options = racecheck_options::from_environment());

  std::optional<instrumented_launch> before_launch(const accelerator_view& view,
                                                   const launch_record& launch) override;
  void after_launch(const accelerator_view& view, const launch_record& launch,
                    instrumented_launch& rewritten, cl_event done) override;

  racecheck_engine& engine() { return engine_; }

 private:
  racecheck_engine engine_;
};

}  // namespace ampcl::debug
