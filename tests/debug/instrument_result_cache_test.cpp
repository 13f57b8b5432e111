// The instrumenter's results on disk (debug/hook/instrument_result_cache.hpp): a second
// request for the same kernel reads the result instead of running ampcl-instrument,
// and anything the result depends on changing makes it run again.
#include "instrument_result_cache.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "programs/binary_cache.hpp"

namespace {

namespace fs = std::filesystem;
using ampcl::debug::instrument_disk_stats;
using ampcl::debug::instrument_with_disk_cache;

const char* const racy_kernel = R"(
__kernel void shift(__global int* out) {
  __local int tile[64];
  int i = get_local_id(0);
  tile[i] = i;
  out[get_global_id(0)] = tile[(i + 1) % 64];
}
)";

class InstrumentResultCache : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("ampcl-instrument-cache-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(InstrumentResultCache, ASecondRequestReadsTheResultFromDisk) {
  ampcl::detail::binary_cache cache(dir_.string());
  const auto before = instrument_disk_stats();
  const auto first = instrument_with_disk_cache(cache, racy_kernel, "shift.cl", "", "shift");
  ASSERT_TRUE(first.ok) << first.diagnostics;
  const auto middle = instrument_disk_stats();
  EXPECT_EQ(middle.runs, before.runs + 1);
  EXPECT_EQ(middle.loads, before.loads);

  const auto second = instrument_with_disk_cache(cache, racy_kernel, "shift.cl", "", "shift");
  const auto after = instrument_disk_stats();
  EXPECT_EQ(after.runs, middle.runs) << "the instrumenter ran again";
  EXPECT_EQ(after.loads, middle.loads + 1);
  ASSERT_TRUE(second.ok);
  EXPECT_EQ(second.source, first.source);
  EXPECT_EQ(second.sites.size(), first.sites.size());
  EXPECT_EQ(second.tile_static.size(), first.tile_static.size());
}

TEST_F(InstrumentResultCache, AnotherSourceKernelOrOptionRunsTheInstrumenter) {
  ampcl::detail::binary_cache cache(dir_.string());
  ASSERT_TRUE(instrument_with_disk_cache(cache, racy_kernel, "shift.cl", "", "shift").ok);
  const auto before = instrument_disk_stats();
  const std::string changed = std::string(racy_kernel) + "\n// changed\n";
  EXPECT_TRUE(instrument_with_disk_cache(cache, changed, "shift.cl", "", "shift").ok);
  EXPECT_TRUE(instrument_with_disk_cache(cache, racy_kernel, "shift.cl", "-DX=1", "shift").ok);
  EXPECT_TRUE(instrument_with_disk_cache(cache, racy_kernel, "other.cl", "", "shift").ok);
  const auto after = instrument_disk_stats();
  EXPECT_EQ(after.runs, before.runs + 3);
  EXPECT_EQ(after.loads, before.loads);
}

TEST_F(InstrumentResultCache, ARuntimeOverrideIsPartOfTheKey) {
  ampcl::detail::binary_cache cache(dir_.string());
  ASSERT_TRUE(instrument_with_disk_cache(cache, racy_kernel, "shift.cl", "", "shift").ok);
  fs::create_directories(dir_ / "runtime");
  const fs::path runtime = dir_ / "runtime" / "shadow.clh";
  fs::copy_file(fs::path(AMPCL_DEBUG_RUNTIME) / "shadow.clh", runtime);
  ::setenv("AMPCL_RACECHECK_RUNTIME", runtime.c_str(), 1);
  const auto before = instrument_disk_stats();
  const auto r = instrument_with_disk_cache(cache, racy_kernel, "shift.cl", "", "shift");
  ::unsetenv("AMPCL_RACECHECK_RUNTIME");
  EXPECT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(instrument_disk_stats().runs, before.runs + 1);
}

TEST_F(InstrumentResultCache, WithTheDiskCacheOffEveryRequestRuns) {
  ampcl::detail::binary_cache off("");
  const auto before = instrument_disk_stats();
  EXPECT_TRUE(instrument_with_disk_cache(off, racy_kernel, "shift.cl", "", "shift").ok);
  EXPECT_TRUE(instrument_with_disk_cache(off, racy_kernel, "shift.cl", "", "shift").ok);
  const auto after = instrument_disk_stats();
  EXPECT_EQ(after.runs, before.runs + 2);
  EXPECT_EQ(after.loads, before.loads);
}

}  // namespace
