// The report writers behind `ampcl-racecheck --format`: compiler-style text,
// JSON (schema in json_report.cpp) and SARIF 2.1.0 for code-scanning tools.
// Each takes hazards as given (deduplicate and sort first) and never throws on
// odd field values: a report must always come out.
#pragma once

#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hazard.hpp"

namespace ampcl::debug {

enum class report_format { text, json, sarif };

// "text", "json", "sarif"; nullopt otherwise.
std::optional<report_format> parse_report_format(std::string_view name);

struct report_info {
  std::string tool_name = "ampcl-racecheck";
  std::string tool_version = "0.1.0";
  // The command lines of the processes hazards name (hazard::process): the text
  // report adds "note: in process PID: COMMAND" to each hazard that names one.
  std::map<process_ref, std::string> commands;
  // No process wrote a report: the summary says nothing was checked, never "no hazards".
  bool nothing_checked = false;
};

void write_text_report(std::ostream& out, const std::vector<hazard>& hazards,
                       const report_info& info = {});
void write_json_report(std::ostream& out, const std::vector<hazard>& hazards,
                       const report_info& info = {});
void write_sarif_report(std::ostream& out, const std::vector<hazard>& hazards,
                        const report_info& info = {});
void write_report(report_format format, std::ostream& out, const std::vector<hazard>& hazards,
                  const report_info& info = {});

// Orders hazards for stable output: by primary site (file, line, column), then
// class, then the related site.
void sort_for_report(std::vector<hazard>& hazards);

// "read-after-write on tile_static variable 'total' in kernel 'reduce'".
std::string hazard_subject(const hazard& h);

// "(1, 2)": the first `rank` entries, AMP order.
std::string format_index(const int* v, int rank);

}  // namespace ampcl::debug
