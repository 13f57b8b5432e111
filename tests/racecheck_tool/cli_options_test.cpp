#include "cli_options.hpp"

#include <gtest/gtest.h>

namespace ampcl::racecheck {
namespace {

using args = std::vector<std::string>;

TEST(CliOptions, ProgramAfterDoubleDash) {
  cli_options o = parse_cli({"--format", "sarif", "--", "./app", "--format", "x"});
  EXPECT_EQ(o.mode, run_mode::program);
  EXPECT_EQ(o.format, debug::report_format::sarif);
  EXPECT_EQ(o.program, (args{"./app", "--format", "x"}));
}

TEST(CliOptions, ProgramWithoutDoubleDashKeepsItsOwnOptions) {
  cli_options o = parse_cli({"--error-exitcode=7", "app", "-v", "in.sim"});
  EXPECT_EQ(o.mode, run_mode::program);
  EXPECT_EQ(o.error_exitcode, 7);
  EXPECT_EQ(o.program, (args{"app", "-v", "in.sim"}));
}

TEST(CliOptions, SimFileAlone) {
  cli_options o = parse_cli({"--format=json", "-o", "r.json", "--device", "cpu", "--build-options",
                             "-DN=4", "tests/races/raw.sim"});
  EXPECT_EQ(o.mode, run_mode::sim);
  EXPECT_EQ(o.sim_file, "tests/races/raw.sim");
  EXPECT_EQ(o.format, debug::report_format::json);
  EXPECT_EQ(o.output, "r.json");
  EXPECT_EQ(o.device, "cpu");
  EXPECT_EQ(o.build_options, "-DN=4");
  EXPECT_EQ(o.error_exitcode, 1);  // the default
}

TEST(CliOptions, SimFileForcedAsProgramWithDoubleDash) {
  cli_options o = parse_cli({"--", "tool.sim", "arg"});
  EXPECT_EQ(o.mode, run_mode::program);
}

TEST(CliOptions, RunSimIsUnchecked) {
  cli_options o = parse_cli({"--run-sim", "a.sim", "--build-options=-DX"});
  EXPECT_EQ(o.mode, run_mode::sim_unchecked);
  EXPECT_EQ(o.sim_file, "a.sim");
  EXPECT_EQ(o.build_options, "-DX");
}

TEST(CliOptions, ReportSameValueWrites) {
  EXPECT_FALSE(parse_cli({"a.sim"}).report_same_value);
  EXPECT_TRUE(parse_cli({"--report-same-value-writes", "a.sim"}).report_same_value);
  EXPECT_NE(usage_text().find("--report-same-value-writes"), std::string::npos);
}

TEST(CliOptions, CacheDir) {
  EXPECT_EQ(parse_cli({"app"}).cache_dir, "");
  EXPECT_EQ(parse_cli({"--cache-dir", "ci/cache", "app"}).cache_dir, "ci/cache");
  EXPECT_EQ(parse_cli({"--cache-dir=/c", "a.sim"}).cache_dir, "/c");
  EXPECT_NE(usage_text().find("--cache-dir DIR"), std::string::npos);
}

TEST(CliOptions, HelpAndVersion) {
  EXPECT_EQ(parse_cli({"--help"}).mode, run_mode::help);
  EXPECT_EQ(parse_cli({"-h", "--bogus"}).mode, run_mode::help);
  EXPECT_EQ(parse_cli({"--version"}).mode, run_mode::version);
  const std::string text = usage_text();
  for (const char* opt : {"--format", "--output", "--error-exitcode", "--device", "--help"})
    EXPECT_NE(text.find(opt), std::string::npos) << opt;
}

TEST(CliOptions, UsageErrorsSayWhatToDo) {
  struct bad_case {
    args a;
    const char* mentions;
  } cases[] = {
      {{}, "nothing to check"},
      {{"--format", "xml", "app"}, "text, json or sarif"},
      {{"--format"}, "--format needs a value"},
      {{"--error-exitcode", "300", "app"}, "0 to 255"},
      {{"--error-exitcode", "x", "app"}, "0 to 255"},
      {{"--error-exitcode=-1", "app"}, "0 to 255"},
      {{"--output=", "app"}, "--output needs a file name"},
      {{"--cache-dir=", "app"}, "--cache-dir needs a folder name"},
      {{"--cache-dir"}, "--cache-dir needs a value"},
      {{"--frobnicate", "app"}, "unknown option '--frobnicate'"},
      {{"--"}, "nothing to run after '--'"},
      {{"a.sim", "extra"}, "a launch file takes no arguments"},
      {{"--run-sim", "a.sim", "b"}, "unexpected 'b'"},
  };
  for (const auto& c : cases) {
    try {
      parse_cli(c.a);
      ADD_FAILURE() << "accepted: " << ::testing::PrintToString(c.a);
    } catch (const usage_error& e) {
      EXPECT_NE(std::string(e.what()).find(c.mentions), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace ampcl::racecheck
