// ampcl-racecheck over a whole test suite: a runner script starts checked
// programs (here ampcl-racecheck --run-sim, a real launch on the device, PoCL
// in CI) one after another, in parallel, and one that dies mid-launch. One
// report must name the process of each hazard and of each launch not checked.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "cli_options.hpp"
#include "run_command.hpp"

#if !defined(AMPCL_RACECHECK_EXE) || !defined(AMPCL_RACES_DIR) || !defined(AMPCL_SHADOW_RUNTIME)
#error "AMPCL_RACECHECK_EXE, AMPCL_RACES_DIR and AMPCL_SHADOW_RUNTIME must be defined"
#endif

namespace {

namespace test = ampcl::racecheck::test;

const std::string racecheck = AMPCL_RACECHECK_EXE;
const std::string racy = std::string(AMPCL_RACES_DIR) + "/raw_tile_static.sim";
const std::string fixed = std::string(AMPCL_RACES_DIR) + "/raw_tile_static_fixed.sim";

// A folder of the test's own: the runner script and the crashing runtime.
class scratch {
 public:
  scratch() : path_("/tmp/ampcl-suite-" + std::to_string(::getpid())) {
    ::mkdir(path_.c_str(), 0755);
  }
  ~scratch() { test::run_command("rm -rf '" + path_ + "'"); }
  std::string file(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

// A runner script: `body` may call `checked NAME FILE.sim`, a program that
// prints "NAME=<its pid>" and then runs the launch (checked, as it inherits the
// environment).
std::string write_runner(const scratch& dir, const std::string& body) {
  const std::string path = dir.file("runner.sh");
  std::ofstream(path)
      << "#!/bin/sh\n"
         "checked() { sh -c 'echo \"$1=$$\"; exec \"$0\" --run-sim \"$2\" >/dev/null' '"
      << racecheck << "' \"$1\" \"$2\"; }\n"
      << body << "\n";
  return path;
}

test::outcome run_suite(const std::string& runner, const std::string& env = "") {
  return test::run_command(env + " " + racecheck + " -- sh " + runner + " 2>&1");
}

// The pid the runner printed for `name`.
std::string pid_of(const test::outcome& o, const std::string& name) {
  std::smatch m;
  const std::regex line("(^|\n)" + name + "=([0-9]+)\n");
  return std::regex_search(o.out, m, line) ? m[2].str() : "?";
}

// The summary line of process `pid`.
std::string summary_of(const test::outcome& o, const std::string& pid) {
  const auto at = o.out.find("\n  pid " + pid + ": ");
  if (at == std::string::npos) return {};
  return o.out.substr(at + 1, o.out.find('\n', at + 1) - at - 1);
}

void expect_race_in(const test::outcome& o, const std::string& pid) {
  EXPECT_NE(o.out.find("error: read-after-write"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("note: in process " + pid + ": " + racecheck + " --run-sim " + racy),
            std::string::npos)
      << o.out;
  EXPECT_NE(summary_of(o, pid).find(": 1 launch, 1 hazard, 0 kernels not checked"),
            std::string::npos)
      << o.out;
}

void expect_clean(const test::outcome& o, const std::string& pid) {
  EXPECT_NE(summary_of(o, pid).find(": 1 launch, 0 hazards, 0 kernels not checked: " + racecheck +
                                    " --run-sim " + fixed),
            std::string::npos)
      << o.out;
}

TEST(RacecheckSuite, TheRacyProgramIsNamedAndItsFixedTwinIsClean) {
  scratch dir;
  const test::outcome o =
      run_suite(write_runner(dir, "checked racy " + racy + "\nchecked clean " + fixed));
  EXPECT_EQ(o.status, 1) << o.out;
  expect_race_in(o, pid_of(o, "racy"));
  expect_clean(o, pid_of(o, "clean"));
  EXPECT_NE(o.out.find("ampcl-racecheck: 1 hazard found"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("ampcl-racecheck: 2 processes checked:"), std::string::npos) << o.out;
}

TEST(RacecheckSuite, TwoProcessesInParallelKeepTheirOwnLaunches) {
  scratch dir;
  const test::outcome o = run_suite(
      write_runner(dir, "checked racy " + racy + " &\nchecked clean " + fixed + " &\nwait"));
  EXPECT_EQ(o.status, 1) << o.out;
  expect_race_in(o, pid_of(o, "racy"));
  expect_clean(o, pid_of(o, "clean"));
  EXPECT_EQ(o.out.find("not checked ("), std::string::npos) << o.out;
}

// The device runtime with a null store after the context is switched on: the
// instrumented launch kills its process with SIGSEGV (as in fault_injection_test).
std::string crashing_runtime(const scratch& dir) {
  std::ifstream in(AMPCL_SHADOW_RUNTIME);
  std::stringstream text;
  text << in.rdbuf();
  std::string runtime = text.str();
  const std::string anchor = "  c->on = 1;";
  const auto at = runtime.find(anchor);
  if (at == std::string::npos) return {};
  runtime.insert(at + anchor.size(), " *(volatile __global int*)0 = 1;");
  const std::string path = dir.file("crash.clh");
  std::ofstream(path) << runtime;
  return path;
}

TEST(RacecheckSuite, AChildThatDiesMidLaunchLeavesItNotChecked) {
  scratch dir;
  const std::string runtime = crashing_runtime(dir);
  ASSERT_FALSE(runtime.empty());
  // Only the first child gets the broken runtime; the runner itself succeeds.
  const std::string runner =
      write_runner(dir, "(export AMPCL_RACECHECK_RUNTIME=" + runtime + "; checked dies " + fixed +
                            ") || true\nchecked clean " + fixed + "\nexit 0");
  const test::outcome o =
      run_suite(runner, "ASAN_OPTIONS=\"${ASAN_OPTIONS:+$ASAN_OPTIONS:}handle_segv=0\"");
  EXPECT_EQ(o.status, ampcl::racecheck::exit_not_checked) << o.out;
  const std::string dies = pid_of(o, "dies");
  EXPECT_NE(o.out.find("error: kernel 'raw_tile_static_fixed' was not checked (not-finished)"),
            std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("process " + dies + " (" + racecheck + " --run-sim " + fixed +
                       ") ended before this launch was checked"),
            std::string::npos)
      << o.out;
  EXPECT_NE(summary_of(o, dies).find("(1 open at its end), 0 hazards, 1 kernel NOT checked"),
            std::string::npos)
      << o.out;
  expect_clean(o, pid_of(o, "clean"));
  EXPECT_EQ(o.out.find("no hazards found\n"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("no hazards found in what was checked; 1 kernel NOT checked"),
            std::string::npos)
      << o.out;
}

TEST(RacecheckSuite, ComparePlainPrintsBothWallTimes) {
  scratch dir;
  const test::outcome o = test::run_command(racecheck + " --compare-plain -- sh " +
                                            write_runner(dir, "checked clean " + fixed) + " 2>&1");
  EXPECT_EQ(o.status, 0) << o.out;
  EXPECT_TRUE(std::regex_search(
      o.out,
      std::regex("wall time: [0-9.]+ s without the checker, [0-9.]+ s with it \\([0-9.]+x\\)")))
      << o.out;
  EXPECT_NE(o.out.find("ampcl-racecheck: no hazards found\n"), std::string::npos) << o.out;
}

}  // namespace
