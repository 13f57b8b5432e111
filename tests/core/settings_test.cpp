// The settings table and its one parser (include/ampcl/detail/settings.hpp): the
// rows are complete, the parser strict, and every refusal the same sentence.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <ampcl/detail/settings.hpp>
#include <ampcl/errors.hpp>
#include <set>
#include <string>

#include "memory/transfer_tuning.hpp"

namespace {

namespace st = ampcl::detail::settings;
using st::id;

// Sets one variable for the test's scope, restoring it after.
class scoped_env {
 public:
  scoped_env(id s, const char* value) : name_(st::name(s)) {
    if (const char* old = std::getenv(name_)) saved_ = old, had_ = true;
    setenv(name_, value, 1);
  }
  ~scoped_env() {
    if (had_)
      setenv(name_, saved_.c_str(), 1);
    else
      unsetenv(name_);
  }

 private:
  const char* name_;
  std::string saved_;
  bool had_ = false;
};

TEST(Settings, EveryRowIsNamedDocumentedAndUnique) {
  std::set<std::string> names;
  for (const st::row& r : st::rows) {
    const std::string name = r.name;
    EXPECT_EQ(name.rfind("AMPCL_", 0), 0u) << name;
    EXPECT_TRUE(names.insert(name).second) << name << " twice";
    EXPECT_NE(*r.doc, '\0') << name;
    EXPECT_NE(*r.fallback, '\0') << name;
    EXPECT_FALSE(st::accepted(r).empty()) << name;
  }
  EXPECT_STREQ(st::name(id::device), "AMPCL_DEVICE");
  EXPECT_STREQ(st::name(id::clang_resource_dir), "AMPCL_CLANG_RESOURCE_DIR");
}

// The defaults the table documents are the ones the runtime uses.
TEST(Settings, DocumentedDefaultsAreTheRuntimes) {
  const ampcl::detail::transfer_tuning t;
  EXPECT_EQ(st::info(id::staging_chunk_mb).fallback, std::to_string(t.chunk_bytes >> 20));
  EXPECT_EQ(st::info(id::staging_buffers).fallback, std::to_string(t.buffers));
  EXPECT_EQ(
      std::string(st::info(id::copy_threads).fallback).rfind(std::to_string(t.copy_threads), 0),
      0u);
}

TEST(Settings, UnsetAndEmptyAreTheDefault) {
  unsetenv(st::name(id::staging_buffers));
  EXPECT_FALSE(st::number(id::staging_buffers));
  scoped_env e(id::staging_buffers, "");
  EXPECT_FALSE(st::number(id::staging_buffers));
}

TEST(Settings, NumbersAreWholeAndInRange) {
  std::uint64_t v = 0;
  EXPECT_TRUE(st::parse::whole(" 12 ", 1, 64, v));
  EXPECT_EQ(v, 12u);
  for (const char* bad : {"", "0", "65", "-1", "+3", "8M", "1.5", "0x10", "99999999999999999999"})
    EXPECT_FALSE(st::parse::whole(bad, 1, 64, v)) << bad;
  EXPECT_TRUE(st::parse::whole("18446744073709551615", 0, UINT64_MAX, v));
  double s = 0;
  EXPECT_TRUE(st::parse::seconds("2.5", s));
  for (const char* bad : {"0", "-1", "30s", "inf", "nan", "x"})
    EXPECT_FALSE(st::parse::seconds(bad, s)) << bad;
}

TEST(Settings, ChoicesTakeTheirAliases) {
  const char* log = st::info(id::log).spec;
  EXPECT_EQ(st::parse::choice(log, "off"), 0);
  EXPECT_EQ(st::parse::choice(log, "0"), 0);
  EXPECT_EQ(st::parse::choice(log, "warning"), 2);
  EXPECT_EQ(st::parse::choice(log, "2"), 4);
  EXPECT_EQ(st::parse::choice(log, "verbose"), -1);
  EXPECT_EQ(st::accepted(st::info(id::log)),
            "one of off (or 0), error, warn (or warning), info (or 1) or debug (or 2)");
}

TEST(Settings, ListsAreWholeAndCounted) {
  std::vector<long> v;
  EXPECT_TRUE(st::parse::numbers("128, 128,16,8,8", 5, 6, v));
  EXPECT_EQ(v.size(), 5u);
  for (const char* bad : {"128,128", "128,128,16,8,8xyz", "fast", "1,2,3,4,5,6,7", "1,,2,3,4"})
    EXPECT_FALSE(st::parse::numbers(bad, 5, 6, v)) << bad;
  std::vector<std::uint64_t> h;
  EXPECT_TRUE(st::parse::handles(" 1f  a0 ", h));
  EXPECT_EQ(h, (std::vector<std::uint64_t>{0x1f, 0xa0}));
  EXPECT_FALSE(st::parse::handles("1f zz", h));
}

TEST(Settings, FlagsAndPaths) {
  {
    scoped_env e(id::racecheck, "yes");
    EXPECT_TRUE(*st::on(id::racecheck));
  }
  {
    scoped_env e(id::racecheck, "0");
    EXPECT_FALSE(*st::on(id::racecheck));
  }
  {
    scoped_env e(id::cache_dir, "OFF");
    EXPECT_EQ(*st::text(id::cache_dir), "");
  }
  scoped_env e(id::cache_dir, "/tmp/x");
  EXPECT_EQ(*st::text(id::cache_dir), "/tmp/x");
  EXPECT_THROW(st::number(id::cache_dir), std::logic_error);  // the wrong kind: ampcl's bug
}

// One sentence: the variable, the text, what it takes, the fix and the default.
TEST(Settings, RefusalsNameTheVariableTheTextAndTheFix) {
  scoped_env e(id::staging, "sometimes");
  try {
    (void)st::choice<ampcl::runtime_exception>(id::staging);
    ADD_FAILURE() << "accepted";
  } catch (const ampcl::runtime_exception& x) {
    EXPECT_STREQ(x.what(),
                 "AMPCL_STAGING='sometimes' is not one of auto, always or never: set it to one, "
                 "or unset it for the default (auto)");
  }
  scoped_env m(id::racecheck_shadow_mb, "64M");
  EXPECT_THROW((void)st::number(id::racecheck_shadow_mb), std::invalid_argument);
}

TEST(Settings, TransferTuningRefusesByName) {
  scoped_env e(id::copy_threads, "many");
  try {
    (void)ampcl::detail::read_transfer_tuning();
    ADD_FAILURE() << "accepted";
  } catch (const ampcl::runtime_exception& x) {
    EXPECT_NE(std::string(x.what()).find("AMPCL_COPY_THREADS='many' is not a whole number from 1 "
                                         "to 256"),
              std::string::npos)
        << x.what();
  }
}

}  // namespace
