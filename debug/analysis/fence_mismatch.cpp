#include "record_rule.hpp"

namespace ampcl::debug {

// Barriers separate the two accesses, but none of them fences the memory involved,
// so the accesses are not ordered (tile_barrier::wait_with_global_memory_fence
// around tile_static traffic, or ..._with_tile_static_memory_fence around global).
std::unique_ptr<rule> make_fence_mismatch_rule() {
  return std::make_unique<detail::record_rule>(
      hazard_class::fence_mismatch,
      [](const analysis_input&, const hazard& h, const layout::device_record&) {
        const bool local = h.memory == "tile_static";
        return std::string("the barrier between ") + detail::item_text(h, h.item_a) + " at " +
               detail::where_text(h.first) + " and " + detail::item_text(h, h.item_b) +
               " fences only " + (local ? "global" : "tile_static") + " memory, but " + h.variable +
               " is " + h.memory + "; use " +
               (local ? "tile_barrier_wait() or tile_barrier_wait_with_tile_static_memory_fence()"
                      : "tile_barrier_wait() or tile_barrier_wait_with_global_memory_fence()") +
               ".";
      });
}

}  // namespace ampcl::debug
