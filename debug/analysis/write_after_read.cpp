#include "record_rule.hpp"

namespace ampcl::debug {

// A work-item overwrites what another work-item of its tile is still reading in the
// same barrier interval.
std::unique_ptr<rule> make_write_after_read_rule() {
  return std::make_unique<detail::record_rule>(
      hazard_class::write_after_read,
      [](const analysis_input& in, const hazard& h, const layout::device_record&) {
        return detail::item_text(h, h.item_b) + " writes " + h.variable + " (" + h.memory +
               ") that " + detail::item_text(h, h.item_a) + " read at " +
               detail::where_text(h.first) + " with no barrier between them; " +
               detail::ordering_advice(in, "wait on the tile barrier before overwriting.");
      });
}

}  // namespace ampcl::debug
