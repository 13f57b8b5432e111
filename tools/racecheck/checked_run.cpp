#include "checked_run.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <ampcl/detail/settings.hpp>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

#include "hazards_jsonl.hpp"

#ifndef AMPCL_RACECHECK_PLUGIN_BUILD_PATH
#define AMPCL_RACECHECK_PLUGIN_BUILD_PATH ""
#endif
#ifndef AMPCL_INSTALL_LIBDIR
#define AMPCL_INSTALL_LIBDIR "lib"
#endif

namespace ampcl::racecheck {

namespace {

bool exists(const std::string& path) {
  struct stat st {};
  return !path.empty() && ::stat(path.c_str(), &st) == 0;
}

// A private folder for the report, removed with everything in it.
class temp_dir {
 public:
  temp_dir() {
    // TMPDIR is POSIX's, not ampcl's: no row in the settings table.
    const char* base = std::getenv("TMPDIR");
    std::string pattern = std::string(base && *base ? base : "/tmp") + "/ampcl-racecheck-XXXXXX";
    std::vector<char> buf(pattern.begin(), pattern.end());
    buf.push_back('\0');
    if (!mkdtemp(buf.data()))
      throw std::runtime_error("cannot create a folder for the race-check report under " +
                               pattern.substr(0, pattern.find_last_of('/')) + ": " +
                               std::strerror(errno) + " (set TMPDIR to a writable folder)");
    path_ = buf.data();
  }
  ~temp_dir() {
    std::remove(report().c_str());
    ::rmdir(path_.c_str());
  }
  temp_dir(const temp_dir&) = delete;
  temp_dir& operator=(const temp_dir&) = delete;
  std::string report() const { return path_ + "/hazards.jsonl"; }

 private:
  std::string path_;
};

}  // namespace

std::string self_path() {
  char buf[PATH_MAX];
  ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return "ampcl-racecheck";
  buf[n] = '\0';
  return buf;
}

std::string find_library(const std::string& name, const std::string& build_path) {
  const std::string self = self_path();
  const auto slash = self.find_last_of('/');
  if (slash != std::string::npos) {
    std::string installed = self.substr(0, slash) + "/../" + AMPCL_INSTALL_LIBDIR + "/" + name;
    if (exists(installed)) return installed;
  }
  if (exists(build_path)) return build_path;
  return {};
}

std::string find_plugin() {
  return find_library("libampcl_racecheck.so", AMPCL_RACECHECK_PLUGIN_BUILD_PATH);
}

std::vector<std::pair<std::string, std::string>> plain_environment(
    const checked_run_settings& settings) {
  std::vector<std::pair<std::string, std::string>> env = settings.caches;
  if (!settings.device.empty()) env.emplace_back("AMPCL_DEVICE", settings.device);
  return env;
}

checked_run run_checked(const std::vector<std::string>& argv,
                        const checked_run_settings& settings) {
  temp_dir dir;
  std::vector<std::pair<std::string, std::string>> env = {{"AMPCL_RACECHECK", "1"},
                                                          {"AMPCL_RACECHECK_REPORT", dir.report()}};
  if (!settings.device.empty()) env.emplace_back("AMPCL_DEVICE", settings.device);
  env.insert(env.end(), settings.environment.begin(), settings.environment.end());
  env.insert(env.end(), settings.caches.begin(), settings.caches.end());
  if (!ampcl::detail::settings::text(ampcl::detail::settings::id::racecheck_plugin)) {
    if (std::string found = find_plugin(); !found.empty())
      env.emplace_back("AMPCL_RACECHECK_PLUGIN", found);
  }

  checked_run r;
  r.child = run_child(argv, env, settings.stdout_to_stderr);
  r.report_written = exists(dir.report());
  if (r.report_written) {
    debug::checker_log log = debug::read_checker_log(dir.report());
    r.hazards = std::move(log.hazards);
    r.open_launches = std::move(log.open_launches);
    r.processes = std::move(log.processes);
  }
  return r;
}

}  // namespace ampcl::racecheck
