// Checks the SARIF output against the properties SARIF 2.1.0 requires (OASIS
// SARIF v2.1.0 §3.13 sarifLog, §3.14 run, §3.18 tool, §3.19 toolComponent,
// §3.49 reportingDescriptor, §3.27 result, §3.28 location, §3.29
// physicalLocation, §3.30 region, §3.11 message) and the cross-references
// between them (ruleIndex/ruleId, unique rule ids).
#include <gtest/gtest.h>

#include <set>
#include <sstream>

#include "hazard_names.hpp"
#include "json.hpp"
#include "report_formats.hpp"
#include "test_hazards.hpp"

namespace ampcl::debug {
namespace {

using json::value;

const value& required(const value& obj, const char* key, const std::string& where) {
  const value* v = obj.find(key);
  if (!v) throw std::runtime_error(where + " lacks required property '" + key + "'");
  return *v;
}

void check_message(const value& m, const std::string& where) {
  ASSERT_TRUE(m.is_object()) << where;
  ASSERT_TRUE(m.find("text") || m.find("id")) << where << ": message needs text or id";
  if (m.find("text")) {
    EXPECT_FALSE(m.find("text")->as_string().empty()) << where;
  }
}

void check_location(const value& loc, const std::string& where) {
  ASSERT_TRUE(loc.is_object()) << where;
  const value& phys = required(loc, "physicalLocation", where);
  ASSERT_TRUE(phys.find("artifactLocation") || phys.find("address")) << where;
  const std::string& uri =
      required(required(phys, "artifactLocation", where), "uri", where).as_string();
  EXPECT_FALSE(uri.empty()) << where;
  EXPECT_EQ(uri.find_first_of(" <>\"{}|\\^`"), std::string::npos) << where << ": bad URI " << uri;
  if (const value* region = phys.find("region")) {
    EXPECT_GE(required(*region, "startLine", where).as_int(), 1) << where;
    if (const value* col = region->find("startColumn")) {
      EXPECT_GE(col->as_int(), 1) << where;
    }
  }
}

// Validates `log` and returns its results.
std::vector<value> validate_sarif(const value& log) {
  EXPECT_TRUE(log.is_object());
  EXPECT_EQ(required(log, "version", "sarifLog").as_string(), "2.1.0");
  if (const value* schema = log.find("$schema")) {
    EXPECT_EQ(schema->as_string().rfind("https://", 0), 0u);
  }
  const auto& runs = required(log, "runs", "sarifLog").as_array();
  EXPECT_EQ(runs.size(), 1u);
  const value& run = runs.at(0);
  const value& driver = required(required(run, "tool", "run"), "driver", "tool");
  EXPECT_FALSE(required(driver, "name", "toolComponent").as_string().empty());
  const auto& rules = required(driver, "rules", "toolComponent").as_array();
  std::set<std::string> ids;
  for (const value& rule : rules) {
    const std::string id = required(rule, "id", "reportingDescriptor").as_string();
    EXPECT_TRUE(ids.insert(id).second) << "duplicate rule id " << id;
    check_message(required(rule, "shortDescription", id), id);
    check_message(required(rule, "fullDescription", id), id);
    EXPECT_EQ(rule.find("defaultConfiguration")->find("level")->as_string(), "error");
  }
  std::vector<value> results = required(run, "results", "run").as_array();
  for (std::size_t i = 0; i < results.size(); ++i) {
    const value& r = results[i];
    const std::string where = "result " + std::to_string(i);
    check_message(required(r, "message", where), where);
    const std::string rule_id = required(r, "ruleId", where).as_string();
    const std::int64_t index = required(r, "ruleIndex", where).as_int();
    EXPECT_GE(index, 0) << where;
    EXPECT_LT(index, static_cast<std::int64_t>(rules.size())) << where;
    EXPECT_EQ(rules.at(static_cast<std::size_t>(index)).find("id")->as_string(), rule_id) << where;
    const std::string level = required(r, "level", where).as_string();
    EXPECT_TRUE(level == "none" || level == "note" || level == "warning" || level == "error");
    for (const value& loc : required(r, "locations", where).as_array()) check_location(loc, where);
    if (const value* related = r.find("relatedLocations")) {
      for (const value& loc : related->as_array()) {
        check_location(loc, where + " related");
        EXPECT_GE(required(loc, "id", where).as_int(), 0);
        check_message(required(loc, "message", where), where);
      }
    }
    if (const value* n = r.find("occurrenceCount")) {
      EXPECT_GE(n->as_int(), 1) << where;
    }
  }
  return results;
}

value sarif_of(const std::vector<hazard>& hazards) {
  std::ostringstream out;
  write_sarif_report(out, hazards);
  return json::parse(out.str());
}

TEST(SarifReport, EmptyLogIsValidAndListsEveryRule) {
  value log = sarif_of({});
  EXPECT_TRUE(validate_sarif(log).empty());
  const auto& rules =
      log.find("runs")->as_array()[0].find("tool")->find("driver")->find("rules")->as_array();
  ASSERT_EQ(rules.size(), all_hazard_classes.size());
  for (std::size_t i = 0; i < rules.size(); ++i)
    EXPECT_EQ(rules[i].find("id")->as_string(), rule_id(all_hazard_classes[i]));
}

TEST(SarifReport, ResultPointsAtLaterAccessWithRelatedEarlierOne) {
  hazard h = testing::total_race();
  h.count = 5;
  auto results = validate_sarif(sarif_of({h}));
  ASSERT_EQ(results.size(), 1u);
  const value& r = results[0];
  EXPECT_EQ(r.find("ruleId")->as_string(), "ampcl.raw");
  EXPECT_EQ(r.find("level")->as_string(), "error");
  EXPECT_EQ(r.find("occurrenceCount")->as_int(), 5);
  const value& loc =
      r.find("locations")->as_array()[0].find("physicalLocation")->as_object().at("region");
  EXPECT_EQ(loc.find("startLine")->as_int(), 14);
  EXPECT_EQ(loc.find("startColumn")->as_int(), 9);
  const auto& related = r.find("relatedLocations")->as_array();
  ASSERT_EQ(related.size(), 1u);
  EXPECT_EQ(related[0].find("physicalLocation")->find("region")->find("startLine")->as_int(), 12);
  EXPECT_EQ(related[0].find("physicalLocation")->find("artifactLocation")->find("uri")->as_string(),
            "kernels/reduce.cl");
  const std::string text = r.find("message")->find("text")->as_string();
  EXPECT_NE(text.find("tile (1, 2)"), std::string::npos) << text;
  EXPECT_NE(text.find("'total'"), std::string::npos) << text;
  EXPECT_EQ(r.find("properties")->find("tile")->as_array().size(), 2u);
}

TEST(SarifReport, OneSiteHazardHasNoRelatedLocations) {
  auto results = validate_sarif(sarif_of({testing::oob_write()}));
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].find("relatedLocations"), nullptr);
  EXPECT_EQ(results[0].find("ruleIndex")->as_int(), 7);
  EXPECT_EQ(results[0].find("message")->find("text")->as_string(),
            "out-of-bounds on global memory 'out' in kernel 'copy': tile (3), work-item (63), "
            "barrier interval 0.");
}

TEST(SarifReport, UrisAreEncodedAndLinesClamped) {
  hazard h = testing::oob_write();
  h.first.file = "<string>";
  h.first.column = 0;
  hazard abs = testing::oob_write();
  abs.first.file = "/src/my kernels/a.cl";
  auto results = validate_sarif(sarif_of({h, abs}));
  ASSERT_EQ(results.size(), 2u);
  auto uri = [](const value& r) {
    return r.find("locations")
        ->as_array()[0]
        .find("physicalLocation")
        ->find("artifactLocation")
        ->find("uri")
        ->as_string();
  };
  EXPECT_EQ(uri(results[0]), "%3Cstring%3E");
  EXPECT_EQ(results[0]
                .find("locations")
                ->as_array()[0]
                .find("physicalLocation")
                ->find("region")
                ->find("startColumn"),
            nullptr);
  EXPECT_EQ(uri(results[1]), "file:///src/my%20kernels/a.cl");
}

TEST(SarifReport, PartialCheckIsSaid) {
  hazard h = testing::oob_write();
  h.partial_check = true;
  auto results = validate_sarif(sarif_of({h}));
  EXPECT_NE(results[0].find("message")->find("text")->as_string().find("partial check"),
            std::string::npos);
  EXPECT_TRUE(results[0].find("properties")->find("partial_check")->as_bool());
}

}  // namespace
}  // namespace ampcl::debug
