// tools/clang_resource: which Clang resource directory the tools use, and what they
// say when none has Clang's headers.
#include "clang_resource.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;
namespace cr = ampcl::clang_resource;

namespace {

class ClangResource : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("ampcl-clang-resource-" + std::to_string(::getpid()) + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(root_);
  }
  void TearDown() override { fs::remove_all(root_); }

  // A directory laid out as Clang's resource directory, with `headers` in include/.
  std::string resource(const std::string& name, std::initializer_list<const char*> headers = {
                                                    "stddef.h", "opencl-c.h", "opencl-c-base.h"}) {
    const fs::path dir = root_ / name;
    fs::create_directories(dir / "include");
    for (const char* h : headers) std::ofstream(dir / "include" / h) << "\n";
    return dir.string();
  }
  std::string empty(const std::string& name) {
    fs::create_directories(root_ / name);
    return (root_ / name).string();
  }
  std::string missing(const std::string& name) const { return (root_ / name).string(); }

  fs::path root_;
};

TEST_F(ClangResource, TheEnvironmentComesFirst) {
  const std::string env = resource("env"), installed = resource("installed"),
                    build = resource("build");
  EXPECT_EQ(cr::find(env.c_str(), installed, build).dir, env);
}

TEST_F(ClangResource, ThenTheInstalledCopy) {
  const std::string installed = resource("installed"), build = resource("build");
  EXPECT_EQ(cr::find(nullptr, installed, build).dir, installed);
  EXPECT_EQ(cr::find("", installed, build).dir, installed);  // empty: unset
}

TEST_F(ClangResource, ThenTheBuildMachines) {
  const std::string build = resource("build");
  const cr::lookup l = cr::find(nullptr, missing("installed"), build);
  EXPECT_EQ(l.dir, build);
  EXPECT_TRUE(l.error.empty());
  // An installed copy without the OpenCL headers is passed over too.
  EXPECT_EQ(cr::find(nullptr, resource("partial", {"stddef.h"}), build).dir, build);
}

TEST_F(ClangResource, NoneUsableSaysWhereItLookedAndTheFix) {
  const cr::lookup l =
      cr::find(nullptr, missing("prefix/lib/ampcl/clang/14.0.6"), resource("build", {"stddef.h"}));
  EXPECT_TRUE(l.dir.empty());
  EXPECT_NE(l.error.find("cannot find Clang 14's resource headers"), std::string::npos) << l.error;
  EXPECT_NE(l.error.find(missing("prefix/lib/ampcl/clang/14.0.6") +
                         " (installed with ampcl): no such directory"),
            std::string::npos)
      << l.error;
  EXPECT_NE(l.error.find(missing("build") + " (the build machine's Clang, libclang-common-14-dev)"
                                            ": no include/opencl-c.h in it"),
            std::string::npos)
      << l.error;
  EXPECT_NE(l.error.find("install libclang-common-14-dev"), std::string::npos) << l.error;
  EXPECT_NE(l.error.find("set AMPCL_CLANG_RESOURCE_DIR"), std::string::npos) << l.error;
}

TEST_F(ClangResource, AnUnusableEnvironmentIsAnErrorNotAFallback) {
  const std::string env = empty("env");
  const cr::lookup l = cr::find(env.c_str(), resource("installed"), resource("build"));
  EXPECT_TRUE(l.dir.empty());
  EXPECT_NE(l.error.find("in AMPCL_CLANG_RESOURCE_DIR=" + env + ": no include/stddef.h in it"),
            std::string::npos)
      << l.error;
  EXPECT_NE(l.error.find("or unset it to use the headers installed with ampcl (" +
                         resource("installed") + ")"),
            std::string::npos)
      << l.error;
}

TEST_F(ClangResource, TheUnusableEnvironmentsFixSaysWhatUnsettingGives) {
  const std::string env = empty("env"), build = resource("build");
  const cr::lookup l = cr::find(env.c_str(), missing("installed"), build);
  EXPECT_NE(l.error.find("or unset it to use the build machine's (" + build + ")"),
            std::string::npos)
      << l.error;
  const cr::lookup none = cr::find(env.c_str(), missing("installed"), missing("no-build"));
  EXPECT_NE(none.error.find("has them either"), std::string::npos) << none.error;
}

TEST_F(ClangResource, NamingTheIncludeDirectoryGetsAHint) {
  const std::string include = resource("res") + "/include";
  const cr::lookup l = cr::find(include.c_str(), "", resource("build"));
  EXPECT_NE(l.error.find("(this is the include/ directory: name its parent)"), std::string::npos)
      << l.error;
}

TEST_F(ClangResource, TheInstalledCopyIsBesideTheBinDirectory) {
  const std::string dir = cr::installed_dir("/opt/ampcl/bin/ampcl-c++");
  EXPECT_EQ(dir.rfind("/opt/ampcl/lib", 0), 0u) << dir;  // lib/ or lib64/ or lib/<triple>/
  EXPECT_NE(dir.find("/ampcl/clang/14."), std::string::npos) << dir;
  EXPECT_EQ(dir.find(".."), std::string::npos) << dir;
}

TEST_F(ClangResource, TheRunningBuildTreeUsesTheBuildMachines) {
  // Unset here; the build tree has no installed copy beside its binaries.
  const char* saved = std::getenv("AMPCL_CLANG_RESOURCE_DIR");
  const std::string keep = saved ? saved : "";
  ::unsetenv("AMPCL_CLANG_RESOURCE_DIR");
  const cr::lookup l = cr::find(cr::current_executable());
  if (!keep.empty()) ::setenv("AMPCL_CLANG_RESOURCE_DIR", keep.c_str(), 1);
  EXPECT_EQ(l.dir, cr::build_dir()) << l.error;
  EXPECT_FALSE(cr::current_executable().empty());
}

}  // namespace
