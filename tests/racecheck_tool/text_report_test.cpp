#include <gtest/gtest.h>

#include <sstream>

#include "report_formats.hpp"
#include "test_hazards.hpp"

namespace ampcl::debug {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

TEST(TextReport, ErrorAtLaterAccessThenNoteAtTheOther) {
  std::ostringstream out;
  hazard h = testing::total_race();
  h.count = 12;
  write_text_report(out, {h});
  auto lines = lines_of(out.str());
  ASSERT_EQ(lines.size(), 4u) << out.str();
  EXPECT_EQ(lines[0],
            "kernels/reduce.cl:14:9: error: read-after-write on tile_static variable 'total' in "
            "kernel 'reduce' [ampcl.raw]");
  EXPECT_EQ(lines[1], "    " + h.detail);
  EXPECT_EQ(lines[2],
            "kernels/reduce.cl:12:5: note: write by work-item (0, 3) here, then read by work-item "
            "(1, 0) at line 14; tile (1, 2), barrier interval 2, seen 12 times");
  EXPECT_EQ(lines[3], "ampcl-racecheck: 1 hazard found (12 occurrences)");
}

TEST(TextReport, OneSiteHazardAndPartialCheckNote) {
  std::ostringstream out;
  hazard h = testing::oob_write();
  h.partial_check = true;
  write_text_report(out, {h});
  auto lines = lines_of(out.str());
  ASSERT_EQ(lines.size(), 4u) << out.str();
  EXPECT_EQ(lines[0],
            "copy.cl:7:3: error: out-of-bounds on global memory 'out' in kernel 'copy' "
            "[ampcl.out-of-bounds]");
  EXPECT_EQ(lines[1],
            "copy.cl:7:3: note: write by work-item (63); tile (3), barrier interval 0, "
            "seen 4 times");
  EXPECT_EQ(lines[2].rfind("copy.cl:7:3: note: partial check:", 0), 0u) << lines[2];
  EXPECT_EQ(lines[3], "ampcl-racecheck: 1 hazard found (4 occurrences)");
}

TEST(TextReport, InterTileRaceNamesGlobalIndices) {
  hazard h = testing::total_race(hazard_class::inter_tile_race);
  h.memory = "global";
  std::ostringstream out;
  write_text_report(out, {h});
  EXPECT_NE(out.str().find("work-item at global index (0, 3)"), std::string::npos) << out.str();
}

TEST(TextReport, UnknownWorkItemIsNamedAsSuch) {
  hazard h = testing::total_race();
  h.item_a[0] = -1;
  std::ostringstream out;
  write_text_report(out, {h});
  EXPECT_NE(out.str().find("write by another work-item here, then read by work-item (1, 0)"),
            std::string::npos)
      << out.str();
}

TEST(TextReport, NoHazardsSaysSo) {
  std::ostringstream out;
  write_text_report(out, {});
  EXPECT_EQ(out.str(), "ampcl-racecheck: no hazards found\n");
}

TEST(TextReport, MissingColumnAndFileStillFormat) {
  hazard h = testing::oob_write();
  h.first.column = 0;
  h.first.file.clear();
  h.first.access.clear();
  std::ostringstream out;
  write_text_report(out, {h});
  EXPECT_EQ(lines_of(out.str())[0].rfind("<unknown>:7: error: out-of-bounds", 0), 0u) << out.str();
  EXPECT_NE(out.str().find("access by work-item"), std::string::npos);
}

TEST(ReportOrder, SortsByPrimarySiteThenClass) {
  hazard a = testing::total_race(hazard_class::write_after_write);
  hazard b = testing::total_race(hazard_class::read_after_write);
  hazard c = testing::oob_write();  // copy.cl sorts before kernels/
  std::vector<hazard> v{a, b, c};
  sort_for_report(v);
  EXPECT_EQ(v[0].kind, hazard_class::out_of_bounds);
  EXPECT_EQ(v[1].kind, hazard_class::read_after_write);
  EXPECT_EQ(v[2].kind, hazard_class::write_after_write);
}

TEST(ReportFormat, ParsesKnownNamesOnly) {
  EXPECT_EQ(parse_report_format("text"), report_format::text);
  EXPECT_EQ(parse_report_format("json"), report_format::json);
  EXPECT_EQ(parse_report_format("sarif"), report_format::sarif);
  EXPECT_FALSE(parse_report_format("xml"));
  EXPECT_FALSE(parse_report_format("JSON"));
}

}  // namespace
}  // namespace ampcl::debug
