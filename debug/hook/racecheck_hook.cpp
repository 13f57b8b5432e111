#include "racecheck_hook.hpp"

#include <ampcl/accelerator.hpp>

#include "collector.hpp"

namespace ampcl::debug {

racecheck_hook::racecheck_hook(racecheck_options options) : engine_(options) {}

std::optional<instrumented_launch> racecheck_hook::before_launch(const accelerator_view& view,
                                                                 const launch_record& launch) {
  return engine_.prepare(view.context(), view.queue(), launch);
}

void racecheck_hook::after_launch(const accelerator_view& view, const launch_record& launch,
                                  instrumented_launch& rewritten, cl_event done) {
  std::vector<hazard> found = engine_.finish(view.queue(), launch, rewritten, done);
  publish_hazards(found);
}

}  // namespace ampcl::debug
