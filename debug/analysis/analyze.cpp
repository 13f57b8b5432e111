#include "analysis.hpp"

namespace ampcl::debug {

const std::vector<std::unique_ptr<rule>>& all_rules() {
  static const std::vector<std::unique_ptr<rule>> rules = [] {
    std::vector<std::unique_ptr<rule>> r;
    r.push_back(make_read_after_write_rule());
    r.push_back(make_write_after_read_rule());
    r.push_back(make_write_after_write_rule());
    r.push_back(make_fence_mismatch_rule());
    r.push_back(make_uninitialized_read_rule());
    r.push_back(make_barrier_divergence_rule());
    r.push_back(make_inter_tile_race_rule());
    r.push_back(make_out_of_bounds_rule());
    r.push_back(make_subscript_out_of_range_rule());
    return r;
  }();
  return rules;
}

std::vector<hazard> analyze(const analysis_input& in) {
  std::vector<hazard> out;
  if (!in.program) return out;
  for (const auto& r : all_rules()) r->run(in, out);
  return out;
}

}  // namespace ampcl::debug
