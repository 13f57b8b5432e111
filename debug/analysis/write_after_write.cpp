#include "record_rule.hpp"

namespace ampcl::debug {

// Two work-items of a tile write the same element in one barrier interval.
std::unique_ptr<rule> make_write_after_write_rule() {
  return std::make_unique<detail::record_rule>(
      hazard_class::write_after_write,
      [](const analysis_input&, const hazard& h, const layout::device_record&) {
        return detail::item_text(h, h.item_b) + " and " + detail::item_text(h, h.item_a) +
               " both write " + h.variable + " (" + h.memory +
               ") in the same barrier interval; the value left depends on scheduling. Let one "
               "work-item write, or use an atomic.";
      });
}

}  // namespace ampcl::debug
