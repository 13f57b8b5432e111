// A checker that did not check says so: each reason a kernel goes unchecked,
// provoked on the real device (PoCL in CI) through the real plugin, must come
// out of ampcl-racecheck as "not checked (reason)" with its own exit status.
// Faults are injected where the checker takes its parts from: the instrumenter
// process (AMPCL_INSTRUMENT_TOOL), the device runtime (AMPCL_RACECHECK_RUNTIME,
// a copy of shadow.clh with one line changed), the watchdog and shadow budget.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "cli_options.hpp"
#include "run_command.hpp"

#if !defined(AMPCL_RACECHECK_EXE) || !defined(AMPCL_RACES_DIR) || !defined(AMPCL_SHADOW_RUNTIME)
#error "AMPCL_RACECHECK_EXE, AMPCL_RACES_DIR and AMPCL_SHADOW_RUNTIME must be defined"
#endif

namespace {

namespace test = ampcl::racecheck::test;
using test::outcome;

// Standard output and error of ampcl-racecheck run with `env` before it.
outcome run(const std::string& env, const std::string& args) {
  return test::run_command(env + " " + AMPCL_RACECHECK_EXE + " " + args + " 2>&1");
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A copy of the device runtime with `with` after the context is switched on, in
// a folder of its own (the contract it includes is inlined by the instrumenter).
std::string runtime_variant(const std::string& name, const std::string& with) {
  std::string text = read_file(AMPCL_SHADOW_RUNTIME);
  const std::string anchor = "  c->on = 1;";
  const auto at = text.find(anchor);
  if (at == std::string::npos) return {};
  text.insert(at + anchor.size(), " " + with);
  const std::string path = "/tmp/ampcl-fault-" + std::to_string(::getpid()) + "-" + name + ".clh";
  std::ofstream(path) << text;
  return path;
}

const std::string sim = std::string(AMPCL_RACES_DIR) + "/raw_tile_static.sim";

void expect_not_checked(const outcome& o, const std::string& reason) {
  EXPECT_EQ(o.status, ampcl::racecheck::exit_not_checked) << o.out;
  EXPECT_NE(o.out.find("error: kernel 'raw_tile_static' was not checked (" + reason + ")"),
            std::string::npos)
      << o.out;
  EXPECT_EQ(o.out.find("ampcl-racecheck: no hazards found\n"), std::string::npos) << o.out;
}

TEST(RacecheckFaults, AnInstrumenterThatFailsLeavesTheKernelNotChecked) {
  expect_not_checked(run("AMPCL_INSTRUMENT_TOOL=/bin/false", sim), "instrumenter-error");
}

TEST(RacecheckFaults, AnInstrumentedKernelTheDriverCannotBuildIsNotChecked) {
  const std::string rt = runtime_variant("build", "this is not OpenCL C;");
  ASSERT_FALSE(rt.empty());
  const outcome o = run("AMPCL_RACECHECK_RUNTIME=" + rt, sim);
  expect_not_checked(o, "build-error");
  EXPECT_NE(o.out.find("The driver said"), std::string::npos) << o.out;
  std::remove(rt.c_str());
}

// A sanitizer's runtime takes SIGSEGV for itself: under AddressSanitizer (as in
// scripts/test.sh --asan) the crashing process prints its SEGV report and exits
// with status 1 instead of dying of the signal, so no signal is there to name
// (the checker then says "not-finished ... exit status 1", still not a false
// all-clear). The sanitizers are told to leave SIGSEGV alone for this run, so
// the process dies of it as it does in a normal build, where these options are
// read by nobody and the test checks exactly what it always did.
const std::string sanitizers_leave_segv_alone =
    "ASAN_OPTIONS=\"${ASAN_OPTIONS:+$ASAN_OPTIONS:}handle_segv=0\" "
    "TSAN_OPTIONS=\"${TSAN_OPTIONS:+$TSAN_OPTIONS:}handle_segv=0\" "
    "UBSAN_OPTIONS=\"${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}handle_segv=0\" ";

TEST(RacecheckFaults, ACrashNamesItsSignal) {
  const std::string rt = runtime_variant("crash", "*(volatile __global int*)0 = 1;");
  ASSERT_FALSE(rt.empty());
  const outcome o = run(sanitizers_leave_segv_alone + "AMPCL_RACECHECK_RUNTIME=" + rt, sim);
  expect_not_checked(o, "crash");
  EXPECT_NE(o.out.find("SIGSEGV (segmentation fault)"), std::string::npos) << o.out;
  std::remove(rt.c_str());
}

TEST(RacecheckFaults, AHungLaunchIsEndedByTheWatchdog) {
  const std::string rt = runtime_variant("hang", "{ volatile int spin = 1; while (spin) {} }");
  ASSERT_FALSE(rt.empty());
  const outcome o = run("AMPCL_RACECHECK_TIMEOUT_S=2 AMPCL_RACECHECK_RUNTIME=" + rt, sim);
  expect_not_checked(o, "watchdog");
  EXPECT_NE(o.out.find("did not complete within 2 s"), std::string::npos) << o.out;
  std::remove(rt.c_str());
}

TEST(RacecheckFaults, ASettingTheCheckerCannotReadChecksNothingAndSaysWhy) {
  const outcome o = run("AMPCL_RACECHECK_TIMEOUT_S=30s", sim);
  EXPECT_EQ(o.status, ampcl::racecheck::exit_not_checked) << o.out;
  EXPECT_NE(o.out.find("was not checked (bad-setting)"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("AMPCL_RACECHECK_TIMEOUT_S='30s' is not a number of seconds"),
            std::string::npos)
      << o.out;
  EXPECT_EQ(o.out.find("no hazards found\n"), std::string::npos) << o.out;
  // The twin: the same setting with a value it reads, and the race is found.
  const outcome good = run("AMPCL_RACECHECK_TIMEOUT_S=30", sim);
  EXPECT_EQ(good.status, 1) << good.out;
  EXPECT_EQ(good.out.find("was not checked"), std::string::npos) << good.out;
}

TEST(RacecheckFaults, ALaunchBeyondTheShadowBudgetIsCheckedInPart) {
  const outcome o = run("AMPCL_RACECHECK_SHADOW_MB=0 AMPCL_RACECHECK_LOCAL_SHADOW=0", sim);
  // The race is still found in the tiles that were checked, and said first.
  EXPECT_EQ(o.status, 1) << o.out;
  EXPECT_NE(o.out.find("was not checked (partial)"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("raise AMPCL_RACECHECK_SHADOW_MB"), std::string::npos) << o.out;
  const outcome allowed = run("AMPCL_RACECHECK_SHADOW_MB=0 AMPCL_RACECHECK_LOCAL_SHADOW=0",
                              "--error-exitcode 0 --allow-unchecked=partial " + sim);
  EXPECT_EQ(allowed.status, 0) << allowed.out;
}

TEST(RacecheckFaults, AConstructTheCheckerCannotFollowIsSaid) {
  const std::string dir = "/tmp/ampcl-fault-" + std::to_string(::getpid());
  ASSERT_EQ(system(("mkdir -p " + dir).c_str()), 0);
  // A tile_static object of an unnamed struct type: its accesses cannot be cast
  // to a pointer to their type, so they go unchecked.
  std::ofstream(dir + "/anon.cl")
      << "__kernel void anon(__global int* out) {\n"
         "  __local struct { int x; int y; } pair, copy;\n"
         "  if (get_local_id(0) == 0) { pair.x = 1; pair.y = 2; copy = pair; }\n"
         "  barrier(CLK_LOCAL_MEM_FENCE);\n"
         "  out[get_global_id(0)] = copy.x;\n"
         "}\n";
  std::ofstream(dir + "/anon.sim") << "anon.cl\nanon\n4 1 1\n4 1 1\n<size=16 int fill=0>\n";
  const outcome o = run("", dir + "/anon.sim");
  EXPECT_NE(o.status, 0) << o.out;
  EXPECT_NE(o.out.find("kernel 'anon' was not checked (unsupported-construct)"), std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("unnamed struct"), std::string::npos) << o.out;
  std::system(("rm -rf " + dir).c_str());
}

// GPUVerify's multidimarrays/test3: a __local array larger than any device's local
// memory, read once into a variable nobody uses. The driver drops it from the
// original; the checker keeps it (it notes its address), and PoCL asserted on the
// launch. It is said not checked instead, with the sizes.
TEST(RacecheckFaults, LocalArraysBeyondTheDeviceAreNotChecked) {
  const std::string dir = "/tmp/ampcl-fault-local-" + std::to_string(::getpid());
  ASSERT_EQ(system(("mkdir -p " + dir).c_str()), 0);
  std::ofstream(dir + "/big_local.cl") << "__kernel void big_local(__global int* out) {\n"
                                          "  __local int A[256][256][256];\n"
                                          "  int x = A[5][4][3];\n"
                                          "  out[get_global_id(0)] = 1;\n"
                                          "}\n";
  std::ofstream(dir + "/big_local.sim")
      << "big_local.cl\nbig_local\n4 1 1\n4 1 1\n<size=16 int fill=0>\n";
  const outcome o = run("", dir + "/big_local.sim");
  EXPECT_EQ(o.status, ampcl::racecheck::exit_not_checked) << o.out;
  EXPECT_NE(o.out.find("kernel 'big_local' was not checked (local-memory)"), std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("__local arrays take 67108864 bytes"), std::string::npos) << o.out;
  std::system(("rm -rf " + dir).c_str());
}

}  // namespace
