// `--format sarif`: SARIF 2.1.0, one run. The driver lists a rule for every
// hazard_class (so ruleIndex is the class's position in all_hazard_classes);
// each result points at the primary site, with the other access as a related
// location, and carries tile/work-item data in its property bag.
#include <algorithm>
#include <cctype>
#include <map>
#include <ostream>

#include "hazard_names.hpp"
#include "json.hpp"
#include "report_formats.hpp"

namespace ampcl::debug {

namespace {

using json::arr;
using json::num;
using json::obj;
using json::str;

// Artifact URIs must be URI references: absolute paths become file:// URIs,
// relative ones stay relative; anything outside RFC 3986's unreserved and
// path characters is percent-encoded ("<string>" -> "%3Cstring%3E").
std::string to_uri(const std::string& path) {
  static const char* hex = "0123456789ABCDEF";
  std::string out = !path.empty() && path[0] == '/' ? "file://" : "";
  for (unsigned char c : path) {
    bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                 c == '-' || c == '.' || c == '_' || c == '~' || c == '/' || c == ':' || c == '@' ||
                 c == '!' || c == '$' || c == '&' || c == '\'' || c == '(' || c == ')' ||
                 c == '*' || c == '+' || c == ',' || c == ';' || c == '=';
    if (plain) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 0xF];
    }
  }
  return out.empty() ? std::string("unknown") : out;
}

json::value physical_location(const source_site& s) {
  // SARIF lines and columns start at 1; an unknown column is left out.
  std::map<std::string, json::value> region{{"startLine", num(s.line > 0 ? s.line : 1)}};
  if (s.column > 0) region["startColumn"] = num(s.column);
  return obj({{"artifactLocation", obj({{"uri", str(to_uri(s.file))}})},
              {"region", json::value::make_object(std::move(region))}});
}

json::value ints(const int* v, int rank) {
  std::vector<json::value> items;
  for (int i = 0; i < std::clamp(rank, 1, 3); ++i) items.push_back(num(v[i]));
  return arr(std::move(items));
}

std::string rule_name(hazard_class c) {
  // PascalCase of the class name: "read-after-write" -> "ReadAfterWrite".
  std::string name;
  bool upper = true;
  for (const char* p = to_string(c); *p; ++p) {
    if (*p == '-') {
      upper = true;
      continue;
    }
    name += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(*p))) : *p;
    upper = false;
  }
  return name;
}

json::value rules() {
  std::vector<json::value> out;
  for (hazard_class c : all_hazard_classes) {
    out.push_back(obj({{"id", str(rule_id(c))},
                       {"name", str(rule_name(c))},
                       {"shortDescription", obj({{"text", str(to_string(c))}})},
                       {"fullDescription", obj({{"text", str(rule_description(c))}})},
                       {"defaultConfiguration", obj({{"level", str("error")}})}}));
  }
  return arr(std::move(out));
}

int rule_index(hazard_class c) {
  for (std::size_t i = 0; i < all_hazard_classes.size(); ++i)
    if (all_hazard_classes[i] == c) return static_cast<int>(i);
  return -1;
}

// The device may not know the other work-item (index -1).
std::string item_label(const hazard& h, const int* idx) {
  return idx[0] < 0 ? std::string("unknown") : format_index(idx, h.rank);
}

std::string message(const hazard& h) {
  std::string m = hazard_subject(h);
  m += ": tile " + format_index(h.tile, h.rank) +
       (related_site(h)
            ? ", work-items " + item_label(h, h.item_a) + " and " + item_label(h, h.item_b)
            : ", work-item " + item_label(h, h.item_a)) +
       ", barrier interval " + std::to_string(h.barrier_interval) + ".";
  if (!h.detail.empty()) m += " " + h.detail;
  if (h.partial_check) m += " (partial check: only some tiles were checked.)";
  return m;
}

json::value result(const hazard& h) {
  const source_site& primary = primary_site(h);
  std::map<std::string, json::value> r{
      {"ruleId", str(rule_id(h.kind))},
      {"ruleIndex", num(rule_index(h.kind))},
      {"level", str("error")},
      {"message", obj({{"text", str(message(h))}})},
      {"locations", arr({obj({{"physicalLocation", physical_location(primary)}})})},
      {"occurrenceCount", json::unum(h.count > 0 ? h.count : 1)},
      {"properties", obj({{"kernel", str(h.kernel)},
                          {"variable", str(h.variable)},
                          {"memory", str(h.memory)},
                          {"tile", ints(h.tile, h.rank)},
                          {"item_a", ints(h.item_a, h.rank)},
                          {"item_b", ints(h.item_b, h.rank)},
                          {"barrier_interval", num(h.barrier_interval)},
                          {"partial_check", json::boolean(h.partial_check)}})}};
  if (const source_site* other = related_site(h)) {
    std::string what =
        other->access.empty() ? "the other access" : "the conflicting " + other->access;
    r["relatedLocations"] = arr({obj(
        {{"id", num(1)},
         {"physicalLocation", physical_location(*other)},
         {"message", obj({{"text", str(what + " by work-item " + item_label(h, h.item_a))}})}})});
  }
  return json::value::make_object(std::move(r));
}

}  // namespace

void write_sarif_report(std::ostream& out, const std::vector<hazard>& hazards,
                        const report_info& info) {
  std::vector<json::value> results;
  for (const hazard& h : hazards) results.push_back(result(h));
  json::value driver =
      obj({{"name", str(info.tool_name)}, {"version", str(info.tool_version)}, {"rules", rules()}});
  json::value run =
      obj({{"tool", obj({{"driver", driver}})}, {"results", arr(std::move(results))}});
  json::value log = obj({{"$schema", str("https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/"
                                         "os/schemas/sarif-schema-2.1.0.json")},
                         {"version", str("2.1.0")},
                         {"runs", arr({run})}});
  out << json::dump(log, 2);
}

}  // namespace ampcl::debug
