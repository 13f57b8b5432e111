#include "record_rule.hpp"

namespace ampcl::debug {

// Work-items of different tiles touch the same global element, and at least one
// writes: no barrier orders tiles within one launch.
std::unique_ptr<rule> make_inter_tile_race_rule() {
  return std::make_unique<detail::record_rule>(
      hazard_class::inter_tile_race,
      [](const analysis_input&, const hazard& h, const layout::device_record&) {
        return "work-item " + detail::index_text(h.rank, h.item_b) + " and work-item " +
               detail::index_text(h.rank, h.item_a) + " (global indices, different tiles) access " +
               h.variable +
               " at the same element, and at least one writes; tiles are not "
               "ordered within a launch: use atomics, or split the work into two launches.";
      });
}

}  // namespace ampcl::debug
