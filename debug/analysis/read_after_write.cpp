#include "record_rule.hpp"

namespace ampcl::debug {

// A work-item reads what another work-item of its tile wrote in the same barrier
// interval: the value it sees depends on scheduling.
std::unique_ptr<rule> make_read_after_write_rule() {
  return std::make_unique<detail::record_rule>(
      hazard_class::read_after_write,
      [](const analysis_input& in, const hazard& h, const layout::device_record&) {
        const std::string advice =
            in.launch.tiled
                ? "put a tile barrier between the write and the read, or combine the values with "
                  "an atomic or a reduction."
                : detail::ordering_advice(in, "put a tile barrier between the write and the read.");
        return detail::item_text(h, h.item_b) + " reads " + h.variable + " (" + h.memory +
               ") that " + detail::item_text(h, h.item_a) + " wrote at " +
               detail::where_text(h.first) + " with no barrier between them; " + advice;
      });
}

}  // namespace ampcl::debug
