#include "record_rule.hpp"

namespace ampcl::debug {

// Work-items of different tiles touch the same global element, and at least one
// writes: no barrier orders tiles within one launch.
std::unique_ptr<rule> make_inter_tile_race_rule() {
  return std::make_unique<detail::record_rule>(
      hazard_class::inter_tile_race,
      [](const analysis_input&, const hazard& h, const layout::device_record&) {
        const std::string other =
            h.item_a[0] < 0 ? "a work-item of another tile" : detail::item_text(h, h.item_a);
        return detail::item_text(h, h.item_b) + " and " + other +
               " (global indices, different tiles) access " + h.variable +
               " at the same element, and at least one writes; tiles are not "
               "ordered within a launch: use atomics, or split the work into two launches.";
      });
}

}  // namespace ampcl::debug
