// Lookups around hazard.hpp that the readers and writers share: every class in
// order, names back to classes, and which site a report points at.
#pragma once

#include <array>
#include <optional>
#include <string_view>

#include "hazard.hpp"

namespace ampcl::debug {

#define AMPCL_HAZARD_LISTED(id, code, name, rule, text) hazard_class::id,
inline constexpr std::array all_hazard_classes = {AMPCL_HAZARD_CLASSES(AMPCL_HAZARD_LISTED)};
#undef AMPCL_HAZARD_LISTED

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
