#include "layer_setup.hpp"

#include <unistd.h>

#include <ampcl/detail/settings.hpp>
#include <climits>
#include <cstdlib>

#include "checked_run.hpp"

#ifndef AMPCL_RACECHECK_LAYER_BUILD_PATH
#define AMPCL_RACECHECK_LAYER_BUILD_PATH ""
#endif

namespace ampcl::racecheck {

namespace {

std::string absolute(const std::string& path) {
  if (!path.empty() && path[0] == '/') return path;
  char cwd[PATH_MAX];
  if (!::getcwd(cwd, sizeof cwd)) return path;
  return std::string(cwd) + "/" + path;
}

namespace st = ampcl::detail::settings;

}  // namespace

std::string find_layer() {
  if (auto set = st::text(st::id::racecheck_layer)) return *set;
  return find_library("libampcl_racecheck_layer.so", AMPCL_RACECHECK_LAYER_BUILD_PATH);
}

std::string sources_folder(const std::string& report_file) {
  if (auto set = st::text(st::id::racecheck_sources)) return *set;
  const auto slash = report_file.find_last_of('/');
  if (slash == std::string::npos) return "ampcl-racecheck-sources";
  return report_file.substr(0, slash + 1) + "ampcl-racecheck-sources";
}

std::vector<std::pair<std::string, std::string>> layer_environment(const std::string& sources) {
  std::vector<std::pair<std::string, std::string>> out;
  const std::string layer = find_layer();
  if (layer.empty()) return out;
  // OPENCL_LAYERS is the ICD loader's, not ampcl's: no row in the settings table.
  const char* set = std::getenv("OPENCL_LAYERS");
  const std::string others = set ? set : "";
  out.emplace_back("OPENCL_LAYERS", layer + (others.empty() ? "" : ":" + others));
  out.emplace_back("AMPCL_RACECHECK_SOURCES", absolute(sources));
  out.emplace_back("PYOPENCL_NO_CACHE", "1");
  return out;
}

void show_sources_as_given(std::vector<debug::hazard>& hazards, const std::string& sources) {
  const std::string from = absolute(sources) + "/";
  const std::string to = sources + "/";
  for (debug::hazard& h : hazards) {
    for (debug::source_site* s : {&h.first, &h.second})
      if (s->file.compare(0, from.size(), from) == 0) s->file = to + s->file.substr(from.size());
    for (std::size_t at = 0; (at = h.detail.find(from, at)) != std::string::npos; at += to.size())
      h.detail.replace(at, from.size(), to);
  }
}

}  // namespace ampcl::racecheck
