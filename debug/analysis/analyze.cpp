#include "analysis.hpp"

namespace ampcl::debug {

// Never destroyed: the plugin finishes the launches still pending at exit from an
// atexit handler, which runs after the destructors of statics constructed after it
// was registered (this one is constructed at the first analysis).
const std::vector<std::unique_ptr<rule>>& all_rules() {
  static const auto* rules = new std::vector<std::unique_ptr<rule>>([] {
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
    r.push_back(make_element_pattern_rule());
    return r;
  }());
  return *rules;
}

std::vector<hazard> analyze(const analysis_input& in) {
  std::vector<hazard> out;
  if (!in.program) return out;
  for (const auto& r : all_rules()) r->run(in, out);
  return out;
}

}  // namespace ampcl::debug
