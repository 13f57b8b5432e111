#include <algorithm>
#include <ostream>
#include <tuple>

#include "hazard_names.hpp"
#include "report_formats.hpp"

namespace ampcl::debug {

std::optional<report_format> parse_report_format(std::string_view name) {
  if (name == "text") return report_format::text;
  if (name == "json") return report_format::json;
  if (name == "sarif") return report_format::sarif;
  return std::nullopt;
}

void write_report(report_format format, std::ostream& out, const std::vector<hazard>& hazards,
                  const report_info& info) {
  switch (format) {
    case report_format::text:
      write_text_report(out, hazards, info);
      return;
    case report_format::json:
      write_json_report(out, hazards, info);
      return;
    case report_format::sarif:
      write_sarif_report(out, hazards, info);
      return;
  }
}

void sort_for_report(std::vector<hazard>& hazards) {
  auto key = [](const hazard& h) {
    const source_site& p = primary_site(h);
    const source_site* r = related_site(h);
    return std::make_tuple(p.file, p.line, p.column, static_cast<int>(h.kind),
                           r ? r->file : std::string(), r ? r->line : 0, r ? r->column : 0);
  };
  std::stable_sort(hazards.begin(), hazards.end(),
                   [&](const hazard& a, const hazard& b) { return key(a) < key(b); });
}

std::string hazard_subject(const hazard& h) {
  std::string s = to_string(h.kind);
  if (!h.variable.empty()) {
    if (h.memory == "tile_static")
      s += " on tile_static variable '" + h.variable + "'";
    else if (h.memory == "global")
      s += " on global memory '" + h.variable + "'";
    else
      s += " on '" + h.variable + "'";
  }
  if (!h.kernel.empty()) s += " in kernel '" + h.kernel + "'";
  return s;
}

std::string format_index(const int* v, int rank) {
  rank = std::clamp(rank, 1, 3);
  std::string s = "(";
  for (int i = 0; i < rank; ++i) {
    if (i) s += ", ";
    s += std::to_string(v[i]);
  }
  return s + ")";
}

}  // namespace ampcl::debug
