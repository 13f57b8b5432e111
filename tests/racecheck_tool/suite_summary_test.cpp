// ampcl-racecheck over a test runner: its report and summary per process, the
// launches a dead descendant left open, and --compare-plain's wall times.
#include <gtest/gtest.h>

#include <sstream>

#include "cli_options.hpp"
#include "process_summary.hpp"
#include "unfinished_launches.hpp"
#include "wall_time.hpp"

namespace ampcl::racecheck {
namespace {

namespace dbg = ampcl::debug;

// ctest (pid 100, the program started) ran ./racy (200) and ./crashes (300),
// which died while its launch of `fill` was being checked.
checked_run suite_run() {
  checked_run run;
  run.child.pid = 100;
  run.processes = {{{200, 7}, "./racy", 1, 1}, {{300, 8}, "./crashes --fast", 2, 1}};
  dbg::launch_event open;
  open.id = "300.8:2";
  open.kernel = "fill";
  open.source = "fill.cl";
  open.process = {300, 8};
  run.open_launches = {open};
  dbg::hazard race;
  race.kernel = "sum";
  race.process = {200, 7};
  run.hazards = {race};
  return run;
}

cli_options program_options() {
  return parse_cli({"--", "ctest", "-j2"});
}

TEST(SuiteSummary, ADescendantsOpenLaunchIsNotCheckedAndNamesItsProcess) {
  const checked_run run = suite_run();
  const std::vector<dbg::hazard> open = unfinished_launches(run, program_options());
  ASSERT_EQ(open.size(), 1u);
  EXPECT_TRUE(dbg::is_not_checked(open[0]));
  EXPECT_EQ(open[0].kernel, "fill");
  EXPECT_EQ(open[0].reason, "not-finished");
  EXPECT_EQ(open[0].process, (dbg::process_ref{300, 8}));
  EXPECT_NE(open[0].detail.find("process 300 (./crashes --fast) ended before"), std::string::npos)
      << open[0].detail;
}

TEST(SuiteSummary, TheProgramsOwnOpenLaunchSaysHowItEnded) {
  checked_run run = suite_run();
  run.child.pid = 300;
  run.child.signal = 9;
  run.child.exit_status = 137;
  const std::vector<dbg::hazard> open = unfinished_launches(run, program_options());
  ASSERT_EQ(open.size(), 1u);
  EXPECT_EQ(open[0].reason, "crash");
  EXPECT_NE(open[0].detail.find("SIGKILL"), std::string::npos) << open[0].detail;
}

TEST(SuiteSummary, ARunnerThatChecksOthersIsSeveralProcesses) {
  checked_run run = suite_run();
  EXPECT_TRUE(checks_several_processes(run));
  run.processes.resize(1);
  run.child.pid = 200;  // the program itself, alone: a report as before
  EXPECT_FALSE(checks_several_processes(run));
}

TEST(SuiteSummary, OneLinePerProcessWithItsCounts) {
  checked_run run = suite_run();
  std::vector<dbg::hazard> hazards = run.hazards;
  const auto open = unfinished_launches(run, program_options());
  hazards.insert(hazards.end(), open.begin(), open.end());
  std::ostringstream out;
  write_process_summary(out, run, hazards);
  EXPECT_EQ(out.str(),
            "ampcl-racecheck: 2 processes checked:\n"
            "  pid 200: 1 launch, 1 hazard, 0 kernels not checked: ./racy\n"
            "  pid 300: 2 launches (1 open at its end), 0 hazards, 1 kernel NOT checked: "
            "./crashes --fast\n");
}

TEST(SuiteSummary, CommandsForTheReport) {
  const auto commands = process_commands(suite_run());
  EXPECT_EQ(commands.at({300, 8}), "./crashes --fast");
}

TEST(WallTime, PlainAndCheckedWithTheRatio) {
  wall_times t;
  t.plain_seconds = 1.25;
  t.checked_seconds = 5;
  EXPECT_EQ(describe(t),
            "ampcl-racecheck: wall time: 1.25 s without the checker, 5.00 s with it (4.00x)\n");
  t.plain_status = 8;
  EXPECT_NE(describe(t).find("exited with status 8, the checked run with 0"), std::string::npos);
}

TEST(WallTime, CompareIsAnOption) {
  EXPECT_TRUE(parse_cli({"--compare-plain", "--", "ctest"}).compare_plain);
  EXPECT_FALSE(parse_cli({"--", "ctest"}).compare_plain);
}

}  // namespace
}  // namespace ampcl::racecheck
