#include "hazard.hpp"

#include <iterator>
#include <map>
#include <tuple>

#include "hazard_names.hpp"

namespace ampcl::debug {

namespace {

struct hazard_row {
  const char* name;
  const char* rule;
  const char* description;
};

#define AMPCL_HAZARD_ROW(id, code, name, rule, text) {name, rule, text},
constexpr hazard_row rows[] = {AMPCL_HAZARD_CLASSES(AMPCL_HAZARD_ROW)};
#undef AMPCL_HAZARD_ROW

const hazard_row* row_of(hazard_class c) {
  const auto i = static_cast<std::size_t>(c);
  return i < std::size(rows) ? &rows[i] : nullptr;
}

}  // namespace

const char* to_string(hazard_class c) {
  const hazard_row* r = row_of(c);
  return r ? r->name : "unknown-hazard";
}

const char* rule_id(hazard_class c) {
  const hazard_row* r = row_of(c);
  return r ? r->rule : "ampcl.unknown";
}

const char* rule_description(hazard_class c) {
  const hazard_row* r = row_of(c);
  return r ? r->description : "Unknown hazard.";
}

std::optional<hazard_class> parse_hazard_class(std::string_view name) {
  for (hazard_class c : all_hazard_classes) {
    if (name == to_string(c) || name == rule_id(c)) return c;
  }
  return std::nullopt;
}

namespace {
using site_key = std::tuple<std::string, int, int>;
site_key key_of(const source_site& s) {
  return {s.file, s.line, s.column};
}
}  // namespace

std::vector<hazard> deduplicate(const std::vector<hazard>& all) {
  // Keyed by class and both sites; the value is the index into `out`, so the
  // result keeps the order in which each distinct hazard was first seen.
  // A not_checked report has no sites of its own: its kernel and reason tell it apart.
  // Hazards of different processes stay apart, so each names its own.
  std::map<std::tuple<hazard_class, site_key, site_key, std::string, std::string, process_ref>,
           std::size_t>
      seen;
  std::vector<hazard> out;
  for (const hazard& h : all) {
    const bool unchecked = is_not_checked(h);
    auto key = std::make_tuple(h.kind, key_of(h.first), key_of(h.second),
                               unchecked ? h.kernel : std::string(),
                               unchecked ? h.reason : std::string(), h.process);
    auto [it, inserted] = seen.emplace(key, out.size());
    if (inserted) {
      out.push_back(h);
      continue;
    }
    hazard& kept = out[it->second];
    kept.count += h.count;
    // A partial check anywhere makes the folded report partial too.
    kept.partial_check = kept.partial_check || h.partial_check;
  }
  return out;
}

}  // namespace ampcl::debug
