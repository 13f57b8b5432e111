#include "hazards_jsonl.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "hazard_json.hpp"
#include "test_hazards.hpp"

namespace ampcl::debug {
namespace {

void expect_same(const hazard& a, const hazard& b) {
  EXPECT_EQ(a.kind, b.kind);
  EXPECT_EQ(a.kernel, b.kernel);
  EXPECT_EQ(a.variable, b.variable);
  EXPECT_EQ(a.memory, b.memory);
  EXPECT_EQ(a.first.file, b.first.file);
  EXPECT_EQ(a.first.line, b.first.line);
  EXPECT_EQ(a.first.column, b.first.column);
  EXPECT_EQ(a.first.access, b.first.access);
  EXPECT_EQ(a.second.file, b.second.file);
  EXPECT_EQ(a.second.line, b.second.line);
  EXPECT_EQ(a.second.column, b.second.column);
  EXPECT_EQ(a.second.access, b.second.access);
  EXPECT_EQ(a.rank, b.rank);
  for (int d = 0; d < a.rank; ++d) {
    EXPECT_EQ(a.tile[d], b.tile[d]);
    EXPECT_EQ(a.item_a[d], b.item_a[d]);
    EXPECT_EQ(a.item_b[d], b.item_b[d]);
  }
  EXPECT_EQ(a.barrier_interval, b.barrier_interval);
  EXPECT_EQ(a.detail, b.detail);
  EXPECT_EQ(a.count, b.count);
  EXPECT_EQ(a.partial_check, b.partial_check);
}

class temp_path {
 public:
  temp_path() {
    char name[] = "/tmp/ampcl-jsonl-XXXXXX";
    int fd = mkstemp(name);
    close(fd);
    path_ = name;
    std::remove(name);
  }
  ~temp_path() { std::remove(path_.c_str()); }
  const std::string& str() const { return path_; }

 private:
  std::string path_;
};

TEST(HazardsJsonl, OneObjectPerLineRoundTrips) {
  hazard a = testing::total_race();
  a.detail = "quote \" backslash \\ newline \n unicode \xC3\xA9";
  a.partial_check = true;
  a.count = 1ull << 40;
  hazard b = testing::oob_write();
  std::ostringstream out;
  write_hazards_jsonl(out, {a, b});
  const std::string text = out.str();
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 2);
  std::istringstream in(text);
  auto back = read_hazards_jsonl(in);
  ASSERT_EQ(back.size(), 2u);
  expect_same(back[0], a);
  expect_same(back[1], b);
}

TEST(HazardsJsonl, OneSiteHazardWritesSecondAsNull) {
  std::string line = hazard_to_json(testing::oob_write());
  EXPECT_NE(line.find("\"second\":null"), std::string::npos) << line;
  EXPECT_NE(line.find("\"kind\":\"out-of-bounds\""), std::string::npos) << line;
  EXPECT_NE(line.find("\"rule\":\"ampcl.out-of-bounds\""), std::string::npos) << line;
  EXPECT_NE(line.find("\"tile\":[3]"), std::string::npos) << line;  // rank 1: one entry
}

TEST(HazardsJsonl, FileWritesAppendAndCreateEvenWhenEmpty) {
  temp_path p;
  write_hazards_jsonl(p.str(), {});
  std::ifstream exists(p.str());
  EXPECT_TRUE(exists.good());
  EXPECT_TRUE(read_hazards_jsonl(p.str()).empty());
  write_hazards_jsonl(p.str(), {testing::total_race()});
  write_hazards_jsonl(p.str(), {testing::oob_write(), testing::total_race()});
  auto back = read_hazards_jsonl(p.str());
  ASSERT_EQ(back.size(), 3u);
  EXPECT_EQ(back[1].kind, hazard_class::out_of_bounds);
}

// The plugin's report file stays open: what it writes reads back in order, beside
// what other writers append to the same file meanwhile.
TEST(HazardsJsonl, AnOpenReportFileAppendsBesideOtherWriters) {
  temp_path p;
  const report_file file(p.str());
  EXPECT_TRUE(std::ifstream(p.str()).good());  // created, empty: the checker ran
  EXPECT_TRUE(read_hazards_jsonl(p.str()).empty());
  launch_event started;
  started.id = "7:1";
  started.kernel = "k";
  started.source = "k.cl";
  file.write(std::vector<launch_event>{started});
  write_hazards_jsonl(p.str(), {testing::oob_write()});  // another process, say
  file.write(std::vector<hazard>{testing::total_race()});
  launch_event second = started;
  second.id = "7:2";
  launch_event checked;
  checked.id = "7:1";
  checked.checked = true;
  file.write(std::vector<launch_event>{checked, second});  // as a new launch writes them
  const checker_log log = read_checker_log(p.str());
  ASSERT_EQ(log.hazards.size(), 2u);
  EXPECT_EQ(log.hazards[0].kind, hazard_class::out_of_bounds);
  EXPECT_EQ(log.hazards[1].kind, testing::total_race().kind);
  ASSERT_EQ(log.open_launches.size(), 1u);  // 7:1 was checked, 7:2 never
  EXPECT_EQ(log.open_launches[0].id, "7:2");
  EXPECT_EQ(log.open_launches[0].kernel, "k");
}

TEST(HazardsJsonl, AReportFileThatCannotBeOpenedNamesThePath) {
  try {
    const report_file file("/nonexistent/dir/hazards.jsonl");
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("cannot open race-check report "
                                         "'/nonexistent/dir/hazards.jsonl'"),
              std::string::npos)
        << e.what();
  }
}

TEST(HazardsJsonl, SkipsBlankLinesAndIgnoresUnknownKeys) {
  std::istringstream in(
      "\n  \n{\"kind\":\"ampcl.war\",\"first\":{\"file\":\"a.cl\",\"line\":3},\"future\":[1]}\n");
  auto back = read_hazards_jsonl(in);
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].kind, hazard_class::write_after_read);
  EXPECT_EQ(back[0].first.line, 3);
  EXPECT_EQ(back[0].second.line, 0);
  EXPECT_EQ(back[0].count, 1u);
}

TEST(HazardsJsonl, MalformedLineNamesFileLineAndProblem) {
  const std::string good = hazard_to_json(testing::total_race());
  struct bad_case {
    std::string line;
    std::string mentions;
  } cases[] = {
      {"not json", "not a hazard record"},
      {"[1,2]", "not a JSON object"},
      {"{\"first\":{\"file\":\"a\",\"line\":1}}", "\"kind\""},
      {"{\"kind\":\"race\",\"first\":{\"file\":\"a\",\"line\":1}}", "unknown kind \"race\""},
      {"{\"kind\":\"ampcl.raw\"}", "\"first\""},
      {"{\"kind\":\"ampcl.raw\",\"first\":{\"file\":\"a\",\"line\":\"x\"}}", "\"line\""},
      {"{\"kind\":\"ampcl.raw\",\"first\":{\"file\":\"a\",\"line\":1},\"tile\":[1,2,3,4]}",
       "at most 3"},
      {"{\"kind\":\"ampcl.raw\",\"first\":{\"file\":\"a\",\"line\":1},\"count\":-1}",
       "non-negative"},
  };
  for (const auto& c : cases) {
    std::istringstream in(good + "\n" + c.line + "\n");
    try {
      read_hazards_jsonl(in, "hazards.jsonl");
      ADD_FAILURE() << "accepted: " << c.line;
    } catch (const std::runtime_error& e) {
      std::string what = e.what();
      EXPECT_EQ(what.rfind("hazards.jsonl:2: ", 0), 0u) << what;
      EXPECT_NE(what.find(c.mentions), std::string::npos) << what;
    }
  }
}

TEST(HazardsJsonl, UnreadableFileNamesThePath) {
  try {
    read_hazards_jsonl("/nonexistent/dir/hazards.jsonl");
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/dir/hazards.jsonl"), std::string::npos);
  }
  EXPECT_THROW(write_hazards_jsonl("/nonexistent/dir/hazards.jsonl", {}), std::runtime_error);
}

}  // namespace
}  // namespace ampcl::debug
