#include <gtest/gtest.h>

#include <sstream>

#include "json.hpp"
#include "report_formats.hpp"
#include "test_hazards.hpp"

namespace ampcl::debug {
namespace {

json::value report_of(const std::vector<hazard>& hazards) {
  std::ostringstream out;
  write_json_report(out, hazards);
  return json::parse(out.str());
}

TEST(JsonReport, TopLevelSchema) {
  hazard a = testing::total_race();
  a.count = 3;
  hazard b = testing::oob_write();
  b.partial_check = true;
  json::value r = report_of({a, b});
  EXPECT_EQ(r.find("schema")->as_string(), "ampcl-racecheck-report");
  EXPECT_EQ(r.find("version")->as_int(), 1);
  EXPECT_EQ(r.find("tool")->find("name")->as_string(), "ampcl-racecheck");
  EXPECT_EQ(r.find("hazard_count")->as_int(), 2);
  EXPECT_EQ(r.find("occurrence_count")->as_int(), 7);
  EXPECT_TRUE(r.find("partial_check")->as_bool());
  ASSERT_EQ(r.find("hazards")->as_array().size(), 2u);
}

TEST(JsonReport, HazardObjectCarriesEverythingAndTheLocation) {
  json::value h = report_of({testing::total_race()}).find("hazards")->as_array()[0];
  EXPECT_EQ(h.find("kind")->as_string(), "read-after-write");
  EXPECT_EQ(h.find("rule")->as_string(), "ampcl.raw");
  EXPECT_EQ(h.find("kernel")->as_string(), "reduce");
  EXPECT_EQ(h.find("variable")->as_string(), "total");
  EXPECT_EQ(h.find("memory")->as_string(), "tile_static");
  EXPECT_EQ(h.find("first")->find("line")->as_int(), 12);
  EXPECT_EQ(h.find("second")->find("access")->as_string(), "read");
  EXPECT_EQ(h.find("location")->find("line")->as_int(), 14);
  EXPECT_EQ(h.find("location")->find("column")->as_int(), 9);
  const auto& tile = h.find("tile")->as_array();
  ASSERT_EQ(tile.size(), 2u);
  EXPECT_EQ(tile[0].as_int(), 1);
  EXPECT_EQ(tile[1].as_int(), 2);
  EXPECT_EQ(h.find("item_b")->as_array()[0].as_int(), 1);
  EXPECT_EQ(h.find("barrier_interval")->as_int(), 2);
  EXPECT_FALSE(h.find("partial_check")->as_bool());
}

TEST(JsonReport, EmptyReportIsValid) {
  json::value r = report_of({});
  EXPECT_EQ(r.find("hazard_count")->as_int(), 0);
  EXPECT_TRUE(r.find("hazards")->as_array().empty());
  EXPECT_FALSE(r.find("partial_check")->as_bool());
}

}  // namespace
}  // namespace ampcl::debug
