// `--format json`: one document, stable schema (version 1):
// {
//   "schema": "ampcl-racecheck-report", "version": 1,
//   "tool": {"name": "ampcl-racecheck", "version": "0.1.0"},
//   "hazard_count": <distinct hazards>, "occurrence_count": <sum of counts>,
//   "not_checked_count": <kernels not (fully) checked: "not-checked" entries>,
//   "partial_check": <true when any hazard came from a partial check>,
//   "hazards": [ <hazard object as in hazard_json.hpp>, ... ]
// }
// Each hazard object also carries "location": the site the report points at
// (the later access when there are two), so consumers need not re-derive it.
#include <ostream>

#include "hazard_json.hpp"
#include "hazard_names.hpp"
#include "report_formats.hpp"

namespace ampcl::debug {

void write_json_report(std::ostream& out, const std::vector<hazard>& hazards,
                       const report_info& info) {
  std::uint64_t occurrences = 0;
  std::size_t unchecked = 0;
  bool partial = false;
  for (const hazard& h : hazards) {
    if (is_not_checked(h)) {
      ++unchecked;
      continue;
    }
    occurrences += h.count;
    partial = partial || h.partial_check;
  }
  out << "{\n  \"schema\": \"ampcl-racecheck-report\",\n  \"version\": 1,\n"
      << "  \"tool\": {\"name\": " << json::quote(info.tool_name)
      << ", \"version\": " << json::quote(info.tool_version) << "},\n"
      << "  \"hazard_count\": " << hazards.size() - unchecked << ",\n"
      << "  \"not_checked_count\": " << unchecked << ",\n"
      << "  \"occurrence_count\": " << occurrences << ",\n"
      << "  \"partial_check\": " << (partial ? "true" : "false") << ",\n"
      << "  \"hazards\": [";
  for (std::size_t i = 0; i < hazards.size(); ++i) {
    const hazard& h = hazards[i];
    const source_site& p = primary_site(h);
    std::string obj = hazard_to_json(h);
    obj.pop_back();  // reopen the object to add the derived location
    obj += ",\"location\":{\"file\":" + json::quote(p.file) +
           ",\"line\":" + std::to_string(p.line) + ",\"column\":" + std::to_string(p.column) + "}}";
    out << (i ? ",\n    " : "\n    ") << obj;
  }
  out << (hazards.empty() ? "]\n" : "\n  ]\n") << "}\n";
}

}  // namespace ampcl::debug
