#include "hazard.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "hazard_names.hpp"
#include "test_hazards.hpp"

namespace ampcl::debug {
namespace {

TEST(HazardNames, EveryClassHasADistinctNameAndRuleId) {
  std::set<std::string> names, ids;
  for (hazard_class c : all_hazard_classes) {
    names.insert(to_string(c));
    ids.insert(rule_id(c));
    EXPECT_EQ(std::string(rule_id(c)).rfind("ampcl.", 0), 0u) << rule_id(c);
  }
  EXPECT_EQ(names.size(), all_hazard_classes.size());
  EXPECT_EQ(ids.size(), all_hazard_classes.size());
}

TEST(HazardNames, KnownSpellings) {
  EXPECT_STREQ(to_string(hazard_class::read_after_write), "read-after-write");
  EXPECT_STREQ(to_string(hazard_class::write_after_read), "write-after-read");
  EXPECT_STREQ(to_string(hazard_class::write_after_write), "write-after-write");
  EXPECT_STREQ(rule_id(hazard_class::read_after_write), "ampcl.raw");
  EXPECT_STREQ(rule_id(hazard_class::write_after_read), "ampcl.war");
  EXPECT_STREQ(rule_id(hazard_class::write_after_write), "ampcl.waw");
}

TEST(HazardNames, ParseAcceptsNamesAndIdsOnly) {
  for (hazard_class c : all_hazard_classes) {
    EXPECT_EQ(parse_hazard_class(to_string(c)), c);
    EXPECT_EQ(parse_hazard_class(rule_id(c)), c);
  }
  EXPECT_FALSE(parse_hazard_class("race"));
  EXPECT_FALSE(parse_hazard_class(""));
  EXPECT_FALSE(parse_hazard_class("Read-After-Write"));
}

TEST(HazardSites, PrimaryIsTheLaterAccessWhenThereAreTwo) {
  hazard h = testing::total_race();
  EXPECT_EQ(primary_site(h).line, 14);
  ASSERT_NE(related_site(h), nullptr);
  EXPECT_EQ(related_site(h)->line, 12);
  hazard one = testing::oob_write();
  EXPECT_EQ(primary_site(one).line, 7);
  EXPECT_EQ(related_site(one), nullptr);
}

TEST(Deduplicate, FoldsSameClassAndSitesSummingCounts) {
  hazard a = testing::total_race();
  hazard b = a;
  b.tile[0] = 9;  // another tile, same sites: folded, first example kept
  b.count = 5;
  auto out = deduplicate({a, b});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].count, 6u);
  EXPECT_EQ(out[0].tile[0], 1);
}

TEST(Deduplicate, KeepsDifferentClassesAndSitesApartInFirstSeenOrder) {
  hazard raw = testing::total_race(hazard_class::read_after_write);
  hazard waw = testing::total_race(hazard_class::write_after_write);
  hazard other_line = raw;
  other_line.second.line = 15;
  hazard other_col = raw;
  other_col.first.column = 6;
  hazard other_file = raw;
  other_file.first.file = "b.cl";
  auto out = deduplicate({waw, raw, other_line, raw, other_col, other_file, waw});
  ASSERT_EQ(out.size(), 5u);
  EXPECT_EQ(out[0].kind, hazard_class::write_after_write);
  EXPECT_EQ(out[0].count, 2u);
  EXPECT_EQ(out[1].kind, hazard_class::read_after_write);
  EXPECT_EQ(out[1].count, 2u);
  EXPECT_EQ(out[2].second.line, 15);
  EXPECT_EQ(out[3].first.column, 6);
  EXPECT_EQ(out[4].first.file, "b.cl");
}

TEST(Deduplicate, PartialCheckSticks) {
  hazard a = testing::total_race();
  hazard b = a;
  b.partial_check = true;
  auto out = deduplicate({a, b});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_TRUE(out[0].partial_check);
}

TEST(Deduplicate, EmptyStaysEmpty) {
  EXPECT_TRUE(deduplicate({}).empty());
}

}  // namespace
}  // namespace ampcl::debug
