// The shadow state of one checked launch: sizing it (within a memory budget,
// checking a subset of tiles when the launch is too big), allocating and
// zero-filling its buffers, and reading the device's records back.
#pragma once

#include <ampcl/launch_hook.hpp>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "analysis.hpp"
#include "cl_handles.hpp"

namespace ampcl::debug {

struct racecheck_options {
  std::size_t shadow_budget_bytes = std::size_t{512} << 20;  // AMPCL_RACECHECK_SHADOW_MB
  std::uint32_t record_capacity = 4096;
  double timeout_seconds = 120;  // AMPCL_RACECHECK_TIMEOUT_S: the watchdog on a launch
  static racecheck_options from_environment();
};

// Sizes of everything, before any allocation (pure: unit-testable).
struct shadow_plan {
  launch_shape launch;
  std::uint32_t tiles = 1;
  std::uint32_t tile_stride = 1;  // tile t is checked when t % tile_stride == 0
  std::uint32_t slots = 1;
  std::uint32_t slot_words = 0;    // ulongs per checked tile
  std::uint32_t tab_offset = 0;    // ulongs into a slot where the fence tables start
  std::uint64_t global_words = 0;  // ulongs of global shadow
  std::uint32_t items = 0;         // work-items with an exit record (0: none kept)
  bool partial = false;
  std::string partial_reason;
  std::vector<std::uint32_t> cfg;  // the __ampcl_cfg buffer's contents
};

shadow_plan plan_shadow(const instrument_result& program, const launch_record& launch,
                        const racecheck_options& options);

class shadow_launch {
 public:
  // Throws std::runtime_error naming the OpenCL call that failed.
  shadow_launch(cl_context context, cl_command_queue queue,
                std::shared_ptr<const instrument_result> program, shadow_plan plan,
                std::uint32_t record_capacity);

  std::vector<launch_argument> extra_args() const;
  // Blocking reads on `queue`; the launch must have completed.
  analysis_input read_back(cl_command_queue queue) const;

  const shadow_plan& plan() const { return plan_; }
  const std::shared_ptr<const instrument_result>& program() const { return program_; }

 private:
  std::shared_ptr<const instrument_result> program_;
  shadow_plan plan_;
  std::uint32_t capacity_;
  std::size_t bytes_[5] = {};
  cl_buffer buffers_[5];  // ls, gs, rec, items, cfg
};

}  // namespace ampcl::debug
