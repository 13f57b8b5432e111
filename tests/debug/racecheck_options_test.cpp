// The race checker's settings are read strictly: every value it cannot read is
// refused with the variable's name, never taken as 0 or the default.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <stdexcept>
#include <string>

#include "layout.hpp"
#include "shadow_launch.hpp"

namespace {

using ampcl::debug::racecheck_options;

const char* const settings[] = {
    "AMPCL_RACECHECK_SHADOW_MB",       "AMPCL_RACECHECK_TIMEOUT_S",
    "AMPCL_RACECHECK_BUILD_TIMEOUT_S", "AMPCL_RACECHECK_IN_FLIGHT_MB",
    "AMPCL_RACECHECK_LOCAL_SHADOW",    ampcl::debug::layout::report_same_value_env};

class RacecheckOptions : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const char* name : settings) unsetenv(name);
  }
  void TearDown() override { SetUp(); }

  // The message from_environment refuses `value` of `name` with ("" if it took it).
  static std::string refusal(const char* name, const char* value) {
    setenv(name, value, 1);
    try {
      (void)racecheck_options::from_environment();
    } catch (const std::invalid_argument& e) {
      unsetenv(name);
      return e.what();
    }
    unsetenv(name);
    return "";
  }
};

TEST_F(RacecheckOptions, UnsetOrEmptySettingsKeepTheDefaults) {
  setenv("AMPCL_RACECHECK_SHADOW_MB", "", 1);
  const racecheck_options o = racecheck_options::from_environment();
  const racecheck_options d;
  EXPECT_EQ(o.shadow_budget_bytes, d.shadow_budget_bytes);
  EXPECT_EQ(o.timeout_seconds, d.timeout_seconds);
  EXPECT_EQ(o.build_timeout_seconds, d.build_timeout_seconds);
  EXPECT_EQ(o.in_flight_shadow_bytes, d.in_flight_shadow_bytes);
  EXPECT_EQ(o.local_shadow, d.local_shadow);
  EXPECT_EQ(o.report_same_value, d.report_same_value);
}

TEST_F(RacecheckOptions, ValuesItCanReadAreTaken) {
  setenv("AMPCL_RACECHECK_SHADOW_MB", "3", 1);
  setenv("AMPCL_RACECHECK_TIMEOUT_S", "2.5", 1);
  setenv("AMPCL_RACECHECK_BUILD_TIMEOUT_S", "90", 1);
  setenv("AMPCL_RACECHECK_IN_FLIGHT_MB", "0", 1);
  setenv("AMPCL_RACECHECK_LOCAL_SHADOW", "0", 1);
  setenv(ampcl::debug::layout::report_same_value_env, "1", 1);
  const racecheck_options o = racecheck_options::from_environment();
  EXPECT_EQ(o.shadow_budget_bytes, std::size_t{3} << 20);
  EXPECT_EQ(o.timeout_seconds, 2.5);
  EXPECT_EQ(o.build_timeout_seconds, 90.0);
  EXPECT_EQ(o.in_flight_shadow_bytes, 0u);
  EXPECT_FALSE(o.local_shadow);
  EXPECT_TRUE(o.report_same_value);
}

TEST_F(RacecheckOptions, ValuesItCannotReadAreRefusedByName) {
  struct bad {
    const char* name;
    const char* value;
    const char* says;
  };
  const bad cases[] = {
      {"AMPCL_RACECHECK_SHADOW_MB", "64M", "whole number of MiB"},
      {"AMPCL_RACECHECK_SHADOW_MB", "-1", "whole number of MiB"},
      {"AMPCL_RACECHECK_SHADOW_MB", "99999999", "whole number of MiB"},
      {"AMPCL_RACECHECK_IN_FLIGHT_MB", "lots", "whole number of MiB"},
      {"AMPCL_RACECHECK_TIMEOUT_S", "30s", "number of seconds above 0"},
      {"AMPCL_RACECHECK_TIMEOUT_S", "0", "number of seconds above 0"},
      {"AMPCL_RACECHECK_BUILD_TIMEOUT_S", "inf", "number of seconds above 0"},
      {"AMPCL_RACECHECK_LOCAL_SHADOW", "no", "0 or 1"},
      {ampcl::debug::layout::report_same_value_env, "yes", "0 or 1"},
  };
  for (const bad& b : cases) {
    const std::string why = refusal(b.name, b.value);
    EXPECT_NE(why.find(std::string(b.name) + "='" + b.value + "'"), std::string::npos)
        << b.name << "=" << b.value << ": " << why;
    EXPECT_NE(why.find(b.says), std::string::npos) << why;
  }
}

}  // namespace
