// Runs the built ampcl-racecheck against stand-in programs (shell scripts that
// write the hazard file the race-check collector would write), so the CLI's
// protocol, formats and exit statuses are tested without a GPU or the plugin.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "cli_options.hpp"
#include "hazard_json.hpp"
#include "json.hpp"
#include "run_command.hpp"
#include "test_hazards.hpp"

#ifndef AMPCL_RACECHECK_EXE
#error "AMPCL_RACECHECK_EXE must name the ampcl-racecheck binary"
#endif

namespace {

namespace test = ampcl::racecheck::test;
using test::outcome;

std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// Standard output only of ampcl-racecheck.
outcome racecheck(const std::string& args) {
  return test::run_command(std::string(AMPCL_RACECHECK_EXE) + " " + args + " 2>/dev/null");
}

// As racecheck, with `env` (NAME=VALUE ...) in the environment.
outcome racecheck_with(const std::string& env, const std::string& args) {
  return test::run_command(env + " " + std::string(AMPCL_RACECHECK_EXE) + " " + args +
                           " 2>/dev/null");
}

// A stand-in program: writes `lines` to the report file and exits with `status`.
std::string fake_program(const std::vector<std::string>& lines, int status,
                         const std::string& say = {}) {
  std::string script;
  if (!say.empty()) script += "echo " + shell_quote(say) + "; ";
  script += ": >> \"$AMPCL_RACECHECK_REPORT\"; ";
  for (const auto& l : lines)
    script += "echo " + shell_quote(l) + " >> \"$AMPCL_RACECHECK_REPORT\"; ";
  script += "exit " + std::to_string(status);
  return "-- /bin/sh -c " + shell_quote(script);
}

using ampcl::debug::hazard_to_json;
namespace samples = ampcl::debug::testing;

TEST(RacecheckCli, NoHazardsPassesTheProgramStatusThrough) {
  outcome o = racecheck(fake_program({}, 0, "program output"));
  EXPECT_EQ(o.status, 0);
  EXPECT_NE(o.out.find("program output"), std::string::npos);
  EXPECT_NE(o.out.find("ampcl-racecheck: no hazards found"), std::string::npos) << o.out;
  EXPECT_EQ(racecheck(fake_program({}, 3)).status, 3);
}

TEST(RacecheckCli, HazardsGiveTheErrorExitCodeAndAreDeduplicated) {
  const std::string raw = hazard_to_json(samples::total_race());
  const std::string oob = hazard_to_json(samples::oob_write());
  outcome o = racecheck(fake_program({raw, oob, raw, raw}, 0));
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.out.find("2 hazards found (7 occurrences)"), std::string::npos) << o.out;
  // Sorted by primary site: copy.cl before kernels/reduce.cl.
  EXPECT_LT(o.out.find("copy.cl:7:3: error"), o.out.find("kernels/reduce.cl:14:9: error"));
  EXPECT_EQ(racecheck("--error-exitcode 42 " + fake_program({raw}, 0)).status, 42);
  EXPECT_EQ(racecheck("--error-exitcode 0 " + fake_program({raw}, 5)).status, 5);
}

TEST(RacecheckCli, JsonReportOnStdout) {
  outcome o =
      racecheck("--format json " + fake_program({hazard_to_json(samples::total_race())}, 0));
  EXPECT_EQ(o.status, 1);
  auto doc = ampcl::debug::json::parse(o.out);
  EXPECT_EQ(doc.find("hazard_count")->as_int(), 1);
  EXPECT_EQ(doc.find("hazards")->as_array()[0].find("rule")->as_string(), "ampcl.raw");
}

TEST(RacecheckCli, SarifToAFile) {
  char name[] = "/tmp/ampcl-sarif-XXXXXX";
  int fd = mkstemp(name);
  ASSERT_GE(fd, 0);
  close(fd);
  outcome o = racecheck("--format=sarif --output " + std::string(name) + " " +
                        fake_program({hazard_to_json(samples::oob_write())}, 0, "hello"));
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.out, "hello\n");  // the report went to the file
  std::ifstream in(name);
  std::stringstream text;
  text << in.rdbuf();
  auto log = ampcl::debug::json::parse(text.str());
  EXPECT_EQ(log.find("version")->as_string(), "2.1.0");
  EXPECT_EQ(log.find("runs")->as_array()[0].find("results")->as_array().size(), 1u);
  std::remove(name);
}

TEST(RacecheckCli, EnvironmentReachesTheProgram) {
  outcome o = racecheck(
      "--device cpu -- /bin/sh -c "
      "'echo \"$AMPCL_RACECHECK|$AMPCL_DEVICE\"; : > \"$AMPCL_RACECHECK_REPORT\"'");
  EXPECT_EQ(o.status, 0);
  EXPECT_EQ(o.out.rfind("1|cpu\n", 0), 0u) << o.out;
}

// --cache-dir: both runs of --compare-plain get the same cache folders, made
// private where missing, named absolutely (the program may change folders).
TEST(RacecheckCli, CacheDirPointsBothRunsAtOneFolder) {
  char base[] = "/tmp/ampcl-cache-dir-XXXXXX";
  ASSERT_NE(mkdtemp(base), nullptr);
  const std::string dir = std::string(base) + "/ci/cache";
  outcome o = racecheck("--compare-plain --cache-dir " + dir +
                        " -- /bin/sh -c 'echo \"$AMPCL_CACHE_DIR|$POCL_CACHE_DIR|$CUDA_CACHE_PATH|"
                        "$CUDA_CACHE_MAXSIZE\"; [ -z \"$AMPCL_RACECHECK_REPORT\" ] || : > "
                        "\"$AMPCL_RACECHECK_REPORT\"'");
  EXPECT_EQ(o.status, 0) << o.out;
  const std::string line = dir + "/ampcl|" + dir + "/pocl|" + dir + "/nvidia|4294967296\n";
  EXPECT_EQ(o.out.rfind(line + line, 0), 0u) << o.out;  // then the report
  for (const char* sub : {"", "/ampcl", "/pocl", "/nvidia"}) {
    struct stat st {};
    ASSERT_EQ(::stat((dir + sub).c_str(), &st), 0) << sub;
    EXPECT_TRUE(S_ISDIR(st.st_mode)) << sub;
    EXPECT_EQ(st.st_mode & 0777, 0700u) << sub;
  }
  // Relative to the folder ampcl-racecheck was started in.
  outcome rel = test::run_command("cd " + std::string(base) + " && " + AMPCL_RACECHECK_EXE +
                                  " --cache-dir rel -- /bin/sh -c 'echo \"$AMPCL_CACHE_DIR\"; "
                                  ": > \"$AMPCL_RACECHECK_REPORT\"' 2>/dev/null");
  EXPECT_EQ(rel.out.rfind(std::string(base) + "/rel/ampcl\n", 0), 0u) << rel.out;
  // A file where the folder should be: the tool's own failure, saying so.
  const std::string file = std::string(base) + "/file";
  std::ofstream(file) << "x";
  outcome bad = test::run_command(std::string(AMPCL_RACECHECK_EXE) + " --cache-dir " + file +
                                  " -- true 2>&1");
  EXPECT_EQ(bad.status, 125);
  EXPECT_NE(bad.out.find("'" + file + "' exists and is not a folder"), std::string::npos)
      << bad.out;
  test::run_command("rm -rf '" + std::string(base) + "'");
}

// The second run with the same --cache-dir compiles nothing: the instrumenter's
// results come from DIR/ampcl, the driver's builds from its folder (PoCL's in
// CI), and the checker still checks: the racy twin is reported in both runs.
TEST(RacecheckCli, CacheDirMakesTheSecondRunWarm) {
  char base[] = "/tmp/ampcl-cache-warm-XXXXXX";
  ASSERT_NE(mkdtemp(base), nullptr);
  const std::string dir = base, races = AMPCL_RACES_DIR;
  // Entries only: PoCL leaves a temporary file in its folder at each run.
  auto files_in = [&](const std::string& sub) {
    return test::run_command(
               "find '" + dir + "/" + sub +
               "' -type f \\( -name '*.bin' -o -name '*.bc' -o -name '*.so' \\) | wc -l")
        .out;
  };
  const std::string run = "--cache-dir " + dir + " " + races + "/counter_global.sim";
  outcome first = racecheck(run);
  if (first.out.find("unsupported-device") != std::string::npos) GTEST_SKIP() << first.out;
  EXPECT_EQ(first.status, 1) << first.out;
  EXPECT_NE(first.out.find("inter-tile-race"), std::string::npos) << first.out;
  const std::string instrumented = files_in("ampcl"), pocl = files_in("pocl");
  EXPECT_NE(instrumented, "0\n");
  outcome second = racecheck(run);
  EXPECT_EQ(second.status, 1) << second.out;
  EXPECT_NE(second.out.find("inter-tile-race"), std::string::npos) << second.out;
  EXPECT_EQ(files_in("ampcl"), instrumented);
  EXPECT_EQ(files_in("pocl"), pocl);  // on PoCL: nothing built again
  test::run_command("rm -rf '" + dir + "'");
}

TEST(RacecheckCli, ToolFailuresHaveTheirOwnStatuses) {
  EXPECT_EQ(racecheck("-- /nonexistent/program").status, 127);
  EXPECT_EQ(racecheck("-- /").status, 126);
  EXPECT_EQ(racecheck("--format xml -- true").status, 125);
  EXPECT_EQ(racecheck("").status, 125);
  EXPECT_EQ(racecheck("/nonexistent/launch.sim").status, 125);
  // A malformed hazard file is the collector's bug: reported, not ignored.
  EXPECT_EQ(racecheck(fake_program({"{broken"}, 0)).status, 125);
  EXPECT_EQ(racecheck("--output /nonexistent/dir/r.txt -- true").status, 125);
}

TEST(RacecheckCli, AProgramThatWroteNoReportWasNotChecked) {
  // No launch, or a layer that did not load: never "no hazards found", never a pass.
  outcome ok = test::run_command(std::string(AMPCL_RACECHECK_EXE) + " -- true 2>&1");
  EXPECT_EQ(ok.status, ampcl::racecheck::exit_not_checked) << ok.out;
  EXPECT_NE(ok.out.find("wrote no race-check report"), std::string::npos) << ok.out;
  EXPECT_NE(ok.out.find("ampcl-racecheck: nothing was checked\n"), std::string::npos) << ok.out;
  EXPECT_EQ(ok.out.find("no hazards found"), std::string::npos) << ok.out;
  // The program's own failure keeps its status.
  EXPECT_EQ(racecheck("-- /bin/sh -c 'exit 4'").status, 4);
  // The twin: a program whose (empty) report was written was checked.
  EXPECT_EQ(racecheck(fake_program({}, 0)).status, 0);
}

TEST(RacecheckCli, SignalledProgramReportsLikeAShell) {
  EXPECT_EQ(racecheck("-- /bin/sh -c 'kill -TERM $$'").status, 128 + 15);
}

// The journal of a program that died of SIGSEGV while a launch ran: that launch
// was not checked, and the report says so with the signal, never "no hazards".
std::string crashing_program(const std::string& kill_with) {
  const std::string launch =
      R"({"event":"launch","id":"7:1","kernel":"reduce","source":"kernels/reduce.cl"})";
  return "-- /bin/sh -c " +
         shell_quote(": >> \"$AMPCL_RACECHECK_REPORT\"; echo " + shell_quote(launch) +
                     " >> \"$AMPCL_RACECHECK_REPORT\"; " + kill_with);
}

TEST(RacecheckCli, ALaunchACrashInterruptedIsNotCheckedWithItsSignal) {
  outcome o = racecheck(crashing_program("kill -SEGV $$"));
  EXPECT_EQ(o.status, ampcl::racecheck::exit_not_checked);
  EXPECT_NE(o.out.find("kernels/reduce.cl: error: kernel 'reduce' was not checked (crash)"),
            std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("SIGSEGV (segmentation fault)"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("no hazards found in what was checked; 1 kernel NOT checked"),
            std::string::npos)
      << o.out;
  EXPECT_EQ(o.out.find("ampcl-racecheck: no hazards found\n"), std::string::npos) << o.out;
}

TEST(RacecheckCli, ALaunchTheProgramExitedFromIsNotFinished) {
  outcome o = racecheck("--format json " + crashing_program("exit 0"));
  EXPECT_EQ(o.status, ampcl::racecheck::exit_not_checked);
  auto doc = ampcl::debug::json::parse(o.out);
  EXPECT_EQ(doc.find("hazard_count")->as_int(), 0);
  EXPECT_EQ(doc.find("not_checked_count")->as_int(), 1);
  const auto& h = doc.find("hazards")->as_array().at(0);
  EXPECT_EQ(h.find("kind")->as_string(), "not-checked");
  EXPECT_EQ(h.find("reason")->as_string(), "not-finished");
}

TEST(RacecheckCli, NotCheckedKernelsFailTheRunUnlessAllowed) {
  const std::string line = hazard_to_json(samples::unchecked_build());
  EXPECT_EQ(racecheck(fake_program({line}, 0)).status, ampcl::racecheck::exit_not_checked);
  EXPECT_EQ(racecheck("--unchecked-exitcode 9 " + fake_program({line}, 0)).status, 9);
  EXPECT_EQ(racecheck("--allow-unchecked " + fake_program({line}, 0)).status, 0);
  EXPECT_EQ(racecheck("--allow-unchecked=build-error,crash " + fake_program({line}, 0)).status, 0);
  EXPECT_EQ(racecheck("--allow-unchecked=partial " + fake_program({line}, 0)).status,
            ampcl::racecheck::exit_not_checked);
  EXPECT_EQ(racecheck("--allow-unchecked=bogus " + fake_program({line}, 0)).status, 125);
  // Hazards found take precedence: their status says more.
  const std::string raw = hazard_to_json(samples::total_race());
  EXPECT_EQ(racecheck(fake_program({line, raw}, 0)).status, 1);
}

// .sim mode on the default device (PoCL in CI), run without the checker.
#ifdef AMPCL_RACES_DIR
TEST(RacecheckCli, RunSimDumpsLikeOclgrindKernel) {
  outcome o = racecheck("--run-sim " + std::string(AMPCL_RACES_DIR) + "/counter_atomic.sim");
  ASSERT_EQ(o.status, 0);
  EXPECT_EQ(o.out, "\nArgument 'count': 4 bytes\n  count[0] = 64\n\n");
}

// Two unordered stores of the same value: not a race by default, reported with
// --report-same-value-writes (on PoCL in CI, with the build tree's plugin).
TEST(RacecheckCli, SameValueStoresAreReportedOnlyWhenAsked) {
  const std::string sim = std::string(AMPCL_RACES_DIR) + "/same_value_fixed.sim";
  outcome quiet = racecheck(sim);
  if (quiet.out.find("not checked") != std::string::npos) GTEST_SKIP() << quiet.out;
  EXPECT_EQ(quiet.status, 0) << quiet.out;
  outcome loud = racecheck("--report-same-value-writes " + sim);
  EXPECT_EQ(loud.status, 1) << loud.out;
  EXPECT_NE(loud.out.find("write-after-write"), std::string::npos) << loud.out;
  EXPECT_NE(loud.out.find("inter-tile-race"), std::string::npos) << loud.out;
}

// A launch still pending when the program exits (AMPCL_SIM_REPEAT's last one: no
// host access follows it) is finished by the plugin's exit handler. It used to
// find the analysis rules already destroyed and die of SIGSEGV, reported as a
// crash: the racy twin must still be reported, the fixed one pass.
TEST(RacecheckCli, ALaunchPendingAtExitIsChecked) {
  const std::string dir = AMPCL_RACES_DIR;
  outcome fixed = racecheck_with("AMPCL_SIM_REPEAT=1", dir + "/counter_atomic.sim");
  if (fixed.out.find("unsupported-device") != std::string::npos) GTEST_SKIP() << fixed.out;
  EXPECT_EQ(fixed.status, 0) << fixed.out;
  EXPECT_EQ(fixed.out.find("NOT checked"), std::string::npos) << fixed.out;
  outcome racy = racecheck_with("AMPCL_SIM_REPEAT=1", dir + "/counter_global.sim");
  EXPECT_EQ(racy.status, 1) << racy.out;
  EXPECT_EQ(racy.out.find("NOT checked"), std::string::npos) << racy.out;
}

TEST(RacecheckCli, BadLaunchFileNamesFileLineAndFix) {
  char name[] = "/tmp/ampcl-bad-XXXXXX.sim";
  int fd = mkstemps(name, 4);
  ASSERT_GE(fd, 0);
  const std::string text = std::string(AMPCL_RACES_DIR) +
                           "/counter_atomic.cl\ncounter_atomic\n64 1 1\n16 1 1\n"
                           "<size=256 int fill=1>\n<size=4 int fill=0 bogus>\n";
  ASSERT_EQ(write(fd, text.data(), text.size()), static_cast<ssize_t>(text.size()));
  close(fd);
  const std::string cmd = std::string(AMPCL_RACECHECK_EXE) + " --run-sim " + name + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  std::array<char, 4096> buf{};
  std::size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) out.append(buf.data(), n);
  int st = pclose(p);
  EXPECT_EQ(WEXITSTATUS(st), 125);
  EXPECT_NE(out.find(std::string(name) + ":6: error: argument 1 ('count', __global int*): "
                                         "unknown header token 'bogus'"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("hint:"), std::string::npos) << out;
  std::remove(name);
}

TEST(RacecheckCli, CheckedSimWithoutThePluginSaysNothingWasChecked) {
  // A plugin that cannot load: the launch fails, so there is no report and the
  // status is the child's 125, never a "no hazards" verdict.
  const std::string cmd = "AMPCL_RACECHECK_PLUGIN=/nonexistent/libampcl_racecheck.so " +
                          std::string(AMPCL_RACECHECK_EXE) + " --format json " +
                          std::string(AMPCL_RACES_DIR) + "/counter_atomic.sim 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  std::array<char, 4096> buf{};
  std::size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) out.append(buf.data(), n);
  const int st = pclose(p);
  // The runtime may still find the plugin by its bare name on the loader path.
  if (WEXITSTATUS(st) == 0) GTEST_SKIP() << "the loader found the plugin anyway";
  EXPECT_EQ(WEXITSTATUS(st), 125) << out;
  EXPECT_EQ(out.find("\"hazards\""), std::string::npos) << out;
  EXPECT_NE(out.find("did not run, so nothing was checked"), std::string::npos) << out;
}
#endif

TEST(RacecheckCli, HelpAndVersion) {
  outcome h = racecheck("--help");
  EXPECT_EQ(h.status, 0);
  EXPECT_NE(h.out.find("Usage: ampcl-racecheck"), std::string::npos);
  EXPECT_EQ(racecheck("--version").out, "ampcl-racecheck 0.1.0\n");
}

}  // namespace
