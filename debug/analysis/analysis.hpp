// The analysis: turns what the shadow runtime recorded on the device into hazards.
// Each hazard class is one rule in its own file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "hazard.hpp"
#include "instrument.hpp"
#include "layout.hpp"

namespace ampcl::debug {

// The launch as the analysis needs it (OpenCL order, as enqueued).
struct launch_shape {
  unsigned work_dim = 1;
  std::size_t global[3] = {1, 1, 1};
  std::size_t local[3] = {1, 1, 1};
  bool tiled = true;

  std::size_t groups(unsigned d) const { return global[d] / local[d]; }
  std::size_t tile_size() const { return local[0] * local[1] * local[2]; }
  std::size_t items() const { return global[0] * global[1] * global[2]; }
};

struct analysis_input {
  const instrument_result* program = nullptr;
  launch_shape launch;
  std::vector<layout::device_record> records;
  bool partial = false;       // only a subset of tiles or buffers was checked
  std::uint32_t dropped = 0;  // records the device had no room for
};

class rule {
 public:
  virtual ~rule() = default;
  virtual hazard_class kind() const = 0;
  virtual void run(const analysis_input& in, std::vector<hazard>& out) const = 0;
};

std::unique_ptr<rule> make_read_after_write_rule();
std::unique_ptr<rule> make_write_after_read_rule();
std::unique_ptr<rule> make_write_after_write_rule();
std::unique_ptr<rule> make_fence_mismatch_rule();
std::unique_ptr<rule> make_uninitialized_read_rule();
std::unique_ptr<rule> make_barrier_divergence_rule();
std::unique_ptr<rule> make_inter_tile_race_rule();
std::unique_ptr<rule> make_out_of_bounds_rule();
std::unique_ptr<rule> make_subscript_out_of_range_rule();
std::unique_ptr<rule> make_element_pattern_rule();

const std::vector<std::unique_ptr<rule>>& all_rules();

// Runs every rule. Hazards come out in rule order, records in device order.
std::vector<hazard> analyze(const analysis_input& in);

}  // namespace ampcl::debug
