#include "corpus_expectations.hpp"

#include <gtest/gtest.h>

namespace ampcl::corpus {
namespace {

using debug::hazard_class;

TEST(CorpusExpectations, ParsesEveryForm) {
  auto e = parse_expectations(
      "// EXPECT: read-after-write @ 14\n"
      "//EXPECT:ampcl.waw@3,2\n"
      "  // EXPECT-MAYBE: write-after-read @ 14\n"
      "kernel code // not an expectation\n",
      "k.cl");
  EXPECT_FALSE(e.race_free);
  ASSERT_EQ(e.items.size(), 3u);
  EXPECT_EQ(e.items[0].kind, hazard_class::read_after_write);
  EXPECT_EQ(e.items[0].line, 14);
  EXPECT_EQ(e.items[0].other_line, 0);
  EXPECT_TRUE(e.items[0].required);
  EXPECT_EQ(e.items[1].kind, hazard_class::write_after_write);
  EXPECT_EQ(e.items[1].other_line, 2);
  EXPECT_FALSE(e.items[2].required);
  EXPECT_EQ(e.items[2].source_line, 3);
  EXPECT_TRUE(parse_expectations("// EXPECT: race-free\n", "k.cl").race_free);
}

TEST(CorpusExpectations, MalformedLinesAreErrorsWithTheirLine) {
  struct bad_case {
    const char* text;
    const char* mentions;
  } cases[] = {
      {"int x;\n", "k.cl:0: no `// EXPECT:`"},
      {"\n// EXPECT: data-race @ 3\n", "k.cl:2: unknown hazard class 'data-race'"},
      {"// EXPECT: read-after-write\n", "k.cl:1: cannot read"},
      {"// EXPECT: read-after-write @ x\n", "k.cl:1: cannot read"},
      {"// EXPECT: read-after-write @ 0\n", "line numbers start at 1"},
      {"// EXPECTS read-after-write @ 3\n", "malformed EXPECT"},
      {"// EXPECT-MAYBE: race-free\n", "means nothing"},
      {"// EXPECT: race-free\n// EXPECT: ampcl.raw @ 3\n", "together with expected hazards"},
  };
  for (const auto& c : cases) {
    try {
      parse_expectations(c.text, "k.cl");
      ADD_FAILURE() << "accepted: " << c.text;
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find(c.mentions), std::string::npos) << e.what();
    }
  }
}

TEST(CorpusCompare, RequiredMaybeAndUnexpected) {
  auto want = parse_expectations(
      "// EXPECT: write-after-write @ 19\n// EXPECT-MAYBE: read-after-write @ 19\n", "t/k.cl");
  const observed waw{hazard_class::write_after_write, "/abs/t/k.cl", 19, 19};
  const observed raw{hazard_class::read_after_write, "k.cl", 19, 19};
  EXPECT_TRUE(compare(want, {waw}, "t/k.cl").empty());
  EXPECT_TRUE(compare(want, {waw, raw}, "t/k.cl").empty());
  auto missing = compare(want, {raw}, "t/k.cl");
  ASSERT_EQ(missing.size(), 1u);
  EXPECT_NE(missing[0].find("missing: write-after-write @ 19"), std::string::npos);
  auto wrong_line = compare(want, {waw, {hazard_class::write_after_write, "k.cl", 18, 0}}, "k.cl");
  ASSERT_EQ(wrong_line.size(), 1u);
  EXPECT_NE(wrong_line[0].find("unexpected: write-after-write @ k.cl:18"), std::string::npos);
  auto wrong_file = compare(want, {{hazard_class::write_after_write, "ampcl.clh", 19, 0}}, "k.cl");
  EXPECT_EQ(wrong_file.size(), 2u);  // missing + unexpected
}

TEST(CorpusCompare, OtherLineMustMatchWhenGiven) {
  auto want = parse_expectations("// EXPECT: read-after-write @ 13, 10\n", "k.cl");
  EXPECT_TRUE(compare(want, {{hazard_class::read_after_write, "k.cl", 13, 10}}, "k.cl").empty());
  EXPECT_EQ(compare(want, {{hazard_class::read_after_write, "k.cl", 13, 11}}, "k.cl").size(), 2u);
}

TEST(CorpusCompare, RaceFreeRejectsAnything) {
  auto want = parse_expectations("// EXPECT: race-free\n", "k.cl");
  EXPECT_TRUE(compare(want, {}, "k.cl").empty());
  auto p = compare(want, {{hazard_class::out_of_bounds, "k.cl", 4, 0}}, "k.cl");
  ASSERT_EQ(p.size(), 1u);
  EXPECT_NE(p[0].find("reported in a race-free kernel"), std::string::npos);
}

}  // namespace
}  // namespace ampcl::corpus

namespace ampcl::corpus {
namespace {

TEST(CorpusExpectations, OneOfNeedsOneMatchAndAllowsEach) {
  auto e = parse_expectations(
      "// EXPECT-ONE: read-after-write @ 5\n"
      "// EXPECT-ONE: write-after-read @ 5\n",
      "k.cl");
  ASSERT_EQ(e.items.size(), 2u);
  EXPECT_TRUE(e.items[0].one_of);
  EXPECT_FALSE(e.items[0].required);
  const observed raw{debug::hazard_class::read_after_write, "k.cl", 5, 0};
  const observed war{debug::hazard_class::write_after_read, "k.cl", 5, 0};
  EXPECT_TRUE(compare(e, {raw}, "k.cl").empty());
  EXPECT_TRUE(compare(e, {war}, "k.cl").empty());
  EXPECT_TRUE(compare(e, {raw, war}, "k.cl").empty());
  auto missing = compare(e, {}, "k.cl");
  ASSERT_EQ(missing.size(), 1u);
  EXPECT_NE(missing[0].find("missing: one of"), std::string::npos);
}

}  // namespace
}  // namespace ampcl::corpus
