// Lookups around hazard.hpp that the readers and writers share: every class in
// order, names back to classes, and which site a report points at.
#pragma once

#include <array>
#include <optional>
#include <string_view>

#include "hazard.hpp"

namespace ampcl::debug {

inline constexpr std::array<hazard_class, 9> all_hazard_classes = {
    hazard_class::read_after_write,   hazard_class::write_after_read,
    hazard_class::write_after_write,  hazard_class::fence_mismatch,
    hazard_class::uninitialized_read, hazard_class::barrier_divergence,
    hazard_class::inter_tile_race,    hazard_class::out_of_bounds,
    hazard_class::host_device_race,
};

// Accepts to_string() names ("read-after-write") and rule ids ("ampcl.raw").
std::optional<hazard_class> parse_hazard_class(std::string_view name);

// One line saying what the rule checks, for SARIF rule descriptions and --help.
const char* rule_description(hazard_class c);

// The site a report points at: the later, conflicting access when there is one
// (that is where the stale or clobbered value shows), else the only access.
inline const source_site& primary_site(const hazard& h) {
  return h.second.line > 0 ? h.second : h.first;
}
// The other access (for the note line), or nullptr when the hazard has one site.
inline const source_site* related_site(const hazard& h) {
  return h.second.line > 0 ? &h.first : nullptr;
}

}  // namespace ampcl::debug
