#include "record_rule.hpp"

namespace ampcl::debug {

// tile_static variables have no initializers: reading one before any work-item of
// the tile wrote it reads whatever the previous tile left. A global buffer whose
// contents the launch left undefined (a .sim file's noinit) is the same.
std::unique_ptr<rule> make_uninitialized_read_rule() {
  return std::make_unique<detail::record_rule>(
      hazard_class::uninitialized_read,
      [](const analysis_input&, const hazard& h, const layout::device_record& r) {
        if (r.memory == layout::memory_global)
          return detail::item_text(h, h.item_b) + " reads global " + h.variable +
                 " where no work-item wrote it, and the buffer started uninitialized (noinit); "
                 "write it before reading it, or give the buffer initial contents.";
        return detail::item_text(h, h.item_b) + " reads tile_static " + h.variable +
               " before any work-item of its tile wrote it; tile_static variables start "
               "undefined, so write them (then wait on the tile barrier) before reading.";
      });
}

}  // namespace ampcl::debug
