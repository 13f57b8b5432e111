// Every kernel case (tests/debug/kernels and the race corpus tests/races) runs
// plain and under the race checker on the OpenCL device: the hazards must match
// the EXPECT comments, and race-free kernels must compute the same results.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "racecheck_harness.hpp"

namespace fs = std::filesystem;
using ampcl::debug::testing::case_result;

namespace {

std::vector<std::string> case_files() {
  std::vector<std::string> out;
  for (const char* dir : {AMPCL_DEBUG_KERNELS, AMPCL_RACE_CORPUS}) {
    if (!fs::is_directory(dir)) continue;
    for (const auto& e : fs::directory_iterator(dir))
      if (e.path().extension() == ".sim") out.push_back(e.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

class kernel_case : public ::testing::TestWithParam<std::string> {};

TEST_P(kernel_case, verdict_matches_expectations) {
  case_result r = ampcl::debug::testing::run_case(GetParam());
  ASSERT_TRUE(r.race_free_expected || !r.expected.empty()) << "no EXPECT in the kernel file";
  EXPECT_EQ(ampcl::debug::testing::check_verdict(r), "")
      << "found:\n"
      << ampcl::debug::testing::describe(r.hazards);
  if (r.race_free_expected) {
    EXPECT_TRUE(r.hazards.empty());
    ASSERT_EQ(r.plain_buffers.size(), r.checked_buffers.size());
    for (std::size_t i = 0; i < r.plain_buffers.size(); ++i)
      EXPECT_EQ(r.plain_buffers[i], r.checked_buffers[i])
          << "argument " << i << " differs between the plain and the checked run";
  }
}

std::string case_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string dir = fs::path(info.param).parent_path().filename().string();
  std::string name = dir + "_" + fs::path(info.param).stem().string();
  std::replace_if(
      name.begin(), name.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); },
      '_');
  return name;
}

INSTANTIATE_TEST_SUITE_P(cases, kernel_case, ::testing::ValuesIn(case_files()), case_name);

}  // namespace
