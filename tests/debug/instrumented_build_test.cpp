// The engine builds each instrumented program once, through the runtime's program
// builder (lib/programs/program_builder.hpp): a second process with the same
// AMPCL_CACHE_DIR (a CI cache) loads it from the disk cache instead of building
// it, the launch gets the built program (instrumented_launch::program) so that
// neither the runtime nor the layer builds it again, its options are the
// runtime's (full_build_options), and a build that fails is still reported not
// checked, with the driver's log.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <ampcl/detail/build_options.hpp>
#include <ampcl/detail/cl_handle.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <regex>
#include <string>
#include <vector>

#include "cl_queue_fixture.hpp"
#include "instrument_result_cache.hpp"
#include "programs/program_builder.hpp"
#include "racecheck_engine.hpp"
#include "unchecked_reason.hpp"

extern char** environ;

namespace {

namespace fs = std::filesystem;
using namespace ampcl::debug;
using ampcl::launch_record;
using ampcl::detail::program_builds;

// Each test its own text, so that no build of another test (or process, through
// PoCL's own cache) stands in for its build.
std::string source_for(const std::string& salt) {
  return "// " + salt +
         "\n__kernel void store(__global int* out) { out[get_global_id(0)] = 1 + SALT; }\n";
}

launch_record store_launch(const std::string& salt, cl_mem out) {
  launch_record r;
  r.kernel_name = "store";
  r.source = std::make_shared<const std::string>(source_for(salt));
  r.source_name = "store.cl";
  r.options = "-DSALT=1";
  r.global[0] = 64;
  ampcl::launch_argument a;
  a.what = ampcl::launch_argument::kind::buffer;
  a.address = CL_KERNEL_ARG_ADDRESS_GLOBAL;
  a.type_name = "int*";
  a.buffer = out;
  a.buffer_bytes = 64 * sizeof(int);
  r.args.push_back(a);
  return r;
}

std::string program_options(cl_program p, cl_device_id d) {
  std::size_t n = 0;
  clGetProgramBuildInfo(p, d, CL_PROGRAM_BUILD_OPTIONS, 0, nullptr, &n);
  std::string s(n, '\0');
  clGetProgramBuildInfo(p, d, CL_PROGRAM_BUILD_OPTIONS, n, s.data(), nullptr);
  while (!s.empty() && s.back() == '\0') s.pop_back();
  return s;
}

class InstrumentedBuild : public cl_queue_fixture {
 protected:
  void SetUp() override {
    cl_queue_fixture::SetUp();
    cl_int err = CL_SUCCESS;
    out_ = clCreateBuffer(context_, CL_MEM_READ_WRITE, 64 * sizeof(int), nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);
  }
  void TearDown() override {
    if (out_) clReleaseMemObject(out_);
    cl_queue_fixture::TearDown();
  }
  cl_mem out_ = nullptr;
};

// Runs in a child of SecondProcessLoadsFromTheDiskCache: prepares one checked
// launch and prints how the builder made its program.
TEST_F(InstrumentedBuild, Child) {
  const char* salt = std::getenv("AMPCL_IB_CHILD");
  if (!salt) GTEST_SKIP() << "runs as a child of InstrumentedBuild.SecondProcess...";
  racecheck_engine engine;
  const auto before = program_builds();
  const auto instrumented_before = instrument_disk_stats();
  prepared_launch p = engine.prepare(context_, queue_, store_launch(salt, out_));
  const auto after = program_builds();
  const auto instrumented_after = instrument_disk_stats();
  std::printf("ampcl-ib: checked=%d program=%d source=%llu disk=%llu instrumented=%zu read=%zu\n",
              p.launch ? 1 : 0, p.launch && p.launch->program ? 1 : 0,
              static_cast<unsigned long long>(after.from_source - before.from_source),
              static_cast<unsigned long long>(after.from_disk - before.from_disk),
              instrumented_after.runs - instrumented_before.runs,
              instrumented_after.loads - instrumented_before.loads);
  std::fflush(stdout);
}

struct child_run {
  int status = -1, checked = -1, program = -1;
  long source = -1, disk = -1;
  long instrumented = -1, read = -1;  // the instrumenter's runs, its results read from disk
  std::string output;
};

// This executable again, as InstrumentedBuild.Child, with AMPCL_CACHE_DIR=dir.
child_run run_child(const std::string& dir, const std::string& salt) {
  // AMPCL_CACHE_BINARIES=always: the disk cache on every driver, PoCL's too.
  std::vector<std::string> vars{"AMPCL_CACHE_DIR=" + dir, "AMPCL_IB_CHILD=" + salt,
                                "AMPCL_LOG=info", "AMPCL_CACHE_BINARIES=always"};
  for (char** e = environ; *e; ++e) {
    const std::string v = *e;
    const std::string name = v.substr(0, v.find('='));
    if (name != "AMPCL_CACHE_DIR" && name != "AMPCL_IB_CHILD" && name != "AMPCL_LOG" &&
        name != "AMPCL_CACHE_BINARIES")
      vars.push_back(v);
  }
  std::vector<char*> envp;
  for (auto& v : vars) envp.push_back(v.data());
  envp.push_back(nullptr);
  std::string exe = fs::read_symlink("/proc/self/exe").string();
  std::string filter = "--gtest_filter=InstrumentedBuild.Child";
  char* argv[] = {exe.data(), filter.data(), nullptr};
  int fds[2];
  if (::pipe(fds) != 0) return {};
  const pid_t pid = ::fork();
  if (pid == 0) {  // only async-signal-safe calls until exec
    ::dup2(fds[1], 1);
    ::dup2(fds[1], 2);
    ::close(fds[0]);
    ::close(fds[1]);
    ::execve(exe.c_str(), argv, envp.data());
    ::_exit(127);
  }
  ::close(fds[1]);
  child_run r;
  char buf[4096];
  ssize_t got;
  while ((got = ::read(fds[0], buf, sizeof buf)) > 0) r.output.append(buf, std::size_t(got));
  ::close(fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::smatch m;
  if (std::regex_search(
          r.output, m,
          std::regex(R"(ampcl-ib: checked=(\d) program=(\d) source=(\d+) disk=(\d+) )"
                     R"(instrumented=(\d+) read=(\d+))"))) {
    r.checked = std::stoi(m[1]);
    r.program = std::stoi(m[2]);
    r.source = std::stol(m[3]);
    r.disk = std::stol(m[4]);
    r.instrumented = std::stol(m[5]);
    r.read = std::stol(m[6]);
  }
  return r;
}

std::size_t entries(const std::string& dir) {
  std::size_t n = 0;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".bin") ++n;
  return n;
}

// Goal: a CI job's second run neither instruments nor builds from source.
TEST(InstrumentedBuildProcess, SecondProcessLoadsFromTheDiskCache) {
  std::string dir = (fs::temp_directory_path() / "ampcl-ib-XXXXXX").string();
  ASSERT_NE(::mkdtemp(dir.data()), nullptr);
  const std::string salt = std::to_string(::getpid());
  const child_run cold = run_child(dir, salt);
  EXPECT_EQ(cold.status, 0) << cold.output;
  EXPECT_EQ(cold.checked, 1) << cold.output;
  EXPECT_EQ(cold.program, 1) << cold.output;
  EXPECT_EQ(cold.source, 1) << cold.output;
  EXPECT_EQ(cold.disk, 0) << cold.output;
  EXPECT_EQ(cold.instrumented, 1) << cold.output;
  EXPECT_EQ(cold.read, 0) << cold.output;
  EXPECT_EQ(entries(dir), 2u);  // the instrumenter's result and the program
  const child_run warm = run_child(dir, salt);
  EXPECT_EQ(warm.status, 0) << warm.output;
  EXPECT_EQ(warm.checked, 1) << warm.output;
  EXPECT_EQ(warm.program, 1) << warm.output;
  EXPECT_EQ(warm.source, 0) << warm.output;
  EXPECT_EQ(warm.disk, 1) << warm.output;
  EXPECT_EQ(warm.instrumented, 0) << warm.output;
  EXPECT_EQ(warm.read, 1) << warm.output;
  EXPECT_EQ(entries(dir), 2u);
  EXPECT_NE(warm.output.find("store (instrumented) [-DSALT=1 -w] for"), std::string::npos)
      << warm.output;
  EXPECT_NE(warm.output.find("from the disk cache in"), std::string::npos) << warm.output;
  std::error_code ec;
  fs::remove_all(dir, ec);
}

// The engine's check that the instrumented program builds is the build the launch
// runs: a second prepare builds nothing, and the program makes the kernel.
TEST_F(InstrumentedBuild, OneBuildPerProgramAndItIsTheLaunchs) {
  racecheck_engine engine;
  const std::string salt = "one-build-" + std::to_string(::getpid());
  const auto before = program_builds();
  prepared_launch first = engine.prepare(context_, queue_, store_launch(salt, out_));
  ASSERT_TRUE(first.launch);
  ASSERT_NE(first.launch->program, nullptr);
  const auto between = program_builds();
  EXPECT_EQ(between.from_source + between.from_disk, before.from_source + before.from_disk + 1);
  prepared_launch second = engine.prepare(context_, queue_, store_launch(salt, out_));
  ASSERT_TRUE(second.launch);
  EXPECT_EQ(second.launch->program, first.launch->program);
  const auto after = program_builds();
  EXPECT_EQ(after.from_source, between.from_source);
  EXPECT_EQ(after.from_disk, between.from_disk);
  cl_int err = CL_SUCCESS;
  cl_kernel k = clCreateKernel(first.launch->program, "store", &err);
  EXPECT_EQ(err, CL_SUCCESS);
  if (k) clReleaseKernel(k);
}

// Kernels instrumented together (instrument.hpp) share one build: a launch of the
// program's second kernel builds nothing, and the program makes both kernels.
TEST_F(InstrumentedBuild, KernelsInstrumentedTogetherShareOneBuild) {
  racecheck_engine engine;
  const std::string salt = "together-" + std::to_string(::getpid());
  auto source = std::make_shared<const std::string>(
      source_for(salt) +
      "__kernel void add(__global const int* in, __global int* out) {\n"
      "  out[get_global_id(0)] += in[get_global_id(0)];\n"
      "}\n");
  launch_record store = store_launch(salt, out_);
  store.source = source;
  launch_record add = store;
  add.kernel_name = "add";
  cl_int made = CL_SUCCESS;
  ampcl::detail::basic_cl_handle<cl_mem> in(
      clCreateBuffer(context_, CL_MEM_READ_WRITE, 64 * sizeof(int), nullptr, &made));
  ASSERT_EQ(made, CL_SUCCESS);
  // Its own input: one buffer for both would need every shadow (AMPCL_SHADOW_ALL),
  // another build (tests/debug/owned_elements_test.cpp).
  add.args.insert(add.args.begin(), store.args[0]);
  add.args[0].buffer = in.get();
  const auto before = program_builds();
  prepared_launch first = engine.prepare(context_, queue_, store);
  ASSERT_TRUE(first.launch);
  ASSERT_NE(first.launch->program, nullptr);
  prepared_launch second = engine.prepare(context_, queue_, add);
  ASSERT_TRUE(second.launch);
  EXPECT_EQ(second.launch->program, first.launch->program);
  EXPECT_EQ(*second.launch->source, *first.launch->source);
  const auto after = program_builds();
  EXPECT_EQ(after.from_source + after.from_disk, before.from_source + before.from_disk + 1);
  for (const char* name : {"store", "add"}) {
    cl_int err = CL_SUCCESS;
    cl_kernel k = clCreateKernel(first.launch->program, name, &err);
    EXPECT_EQ(err, CL_SUCCESS) << name;
    if (k) clReleaseKernel(k);
  }
}

// One function composes the options: the checker's program was built with
// full_build_options of its options, as the runtime's are (tests/core:
// ProgramCache.BuildOptionsAreFullBuildOptions).
TEST_F(InstrumentedBuild, OptionsAreFullBuildOptions) {
  racecheck_engine engine;
  prepared_launch p = engine.prepare(context_, queue_, store_launch("options", out_));
  ASSERT_TRUE(p.launch);
  ASSERT_NE(p.launch->program, nullptr);
  EXPECT_EQ(p.launch->options.rfind("-DSALT=1 -w", 0), 0u) << p.launch->options;
  EXPECT_EQ(program_options(p.launch->program, device_),
            ampcl::detail::full_build_options(p.launch->options));
  EXPECT_EQ(ampcl::detail::full_build_options("-DX=1"),
            std::string(ampcl::detail::base_build_options) + " -DX=1");
  EXPECT_EQ(ampcl::detail::full_build_options(""), ampcl::detail::base_build_options);
}

// The runtime the instrumenter pastes in (AMPCL_RACECHECK_RUNTIME), broken so that
// the instrumented program cannot build while the original does: the launch runs
// unchecked, reported so once with the driver's log, never silently.
TEST_F(InstrumentedBuild, FailedBuildIsReportedNotCheckedWithTheLog) {
  std::ifstream in(AMPCL_DEBUG_RUNTIME "/shadow.clh");
  ASSERT_TRUE(in);
  std::string runtime{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  runtime += "\nampcl_test_no_such_type ampcl_test_broken_runtime;\n";
  const std::string path =
      (fs::temp_directory_path() / ("ampcl-ib-runtime-" + std::to_string(::getpid()) + ".clh"))
          .string();
  std::ofstream(path) << runtime;
  ::setenv("AMPCL_RACECHECK_RUNTIME", path.c_str(), 1);
  racecheck_engine engine;
  const launch_record launch = store_launch("broken-" + std::to_string(::getpid()), out_);
  prepared_launch p = engine.prepare(context_, queue_, launch);
  prepared_launch again = engine.prepare(context_, queue_, launch);
  ::unsetenv("AMPCL_RACECHECK_RUNTIME");
  std::remove(path.c_str());
  EXPECT_FALSE(p.launch);
  ASSERT_EQ(p.not_checked.size(), 1u);
  const hazard& h = p.not_checked[0];
  EXPECT_EQ(h.reason, to_string(unchecked_reason::build));
  EXPECT_EQ(h.kernel, "store");
  EXPECT_NE(h.detail.find("could not build the instrumented kernel"), std::string::npos)
      << h.detail;
  EXPECT_NE(h.detail.find("ampcl_test_no_such_type"), std::string::npos) << h.detail;
  EXPECT_FALSE(again.launch);              // still unchecked
  EXPECT_TRUE(again.not_checked.empty());  // and reported once per kernel
}

}  // namespace
