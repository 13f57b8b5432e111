#include "report_sink.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <ampcl/detail/settings.hpp>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <mutex>
#include <set>

#include "collector.hpp"
#include "report_formats.hpp"

namespace ampcl::layer {

namespace {

namespace st = ampcl::detail::settings;

std::string report_file() {
  return st::text(st::id::racecheck_report).value_or("");
}

std::string sources_folder() {
  return st::text(st::id::racecheck_sources).value_or("ampcl-racecheck-sources");
}

void warn(const std::string& what) {
  std::fprintf(stderr, "ampcl race check: %s\n", what.c_str());
}

}  // namespace

void start_reporting() {
  const std::string file = report_file();
  if (file.empty()) return;  // standalone: print_report_at_exit
  debug::report_to_file(file);
}

void report(const std::vector<debug::hazard>& found) {
  if (!found.empty()) debug::publish_hazards(found);
}

void report(const debug::hazard& found) {
  debug::publish_hazards({found});
}

void report_unchecked_once(const debug::hazard& h) {
  static std::mutex m;
  static std::set<std::string> seen;
  {
    std::lock_guard<std::mutex> lock(m);
    if (!seen.insert(h.kernel + '\0' + h.first.file + '\0' + h.reason).second) return;
  }
  report(h);
}

std::string announce_launch(const std::string& kernel, const std::string& source) {
  static std::atomic<unsigned long> next{0};
  debug::launch_event e;
  e.id = debug::new_launch_id("layer:", ++next);
  e.kernel = kernel;
  e.source = source;
  debug::publish_launch_event(e);
  return e.id;
}

void close_launch(const std::string& id) {
  debug::launch_event e;
  e.id = id;
  e.checked = true;
  debug::publish_launch_event(e);
}

std::string source_file_for(const program_info& program) {
  static std::mutex m;
  static std::set<std::string> written;
  const std::string folder = sources_folder();
  const std::string path = folder + "/" + program.label + ".cl";
  std::lock_guard<std::mutex> lock(m);
  if (!written.insert(path).second) return path;
  ::mkdir(folder.c_str(), 0755);  // may exist; the write below says if it is unusable
  // Another process of the run may be writing the same program: write aside, rename.
  const std::string temp = path + "." + std::to_string(::getpid()) + ".tmp";
  {
    std::ofstream out(temp, std::ios::binary);
    out << *program.source;
    if (!out) {
      warn("cannot write the program source to '" + temp +
           "' (set AMPCL_RACECHECK_SOURCES to a writable folder); reports will name it anyway");
      return path;
    }
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) std::remove(temp.c_str());
  return path;
}

void print_report_at_exit() {
  static std::atomic<bool> printed{false};
  if (!report_file().empty() || printed.exchange(true)) return;
  std::vector<debug::hazard> found = debug::deduplicate(debug::collected_hazards());
  if (found.empty()) return;
  debug::sort_for_report(found);
  debug::report_info info;
  info.tool_name = "ampcl race check (OpenCL layer)";
  debug::write_text_report(std::cerr, found, info);
}

}  // namespace ampcl::layer
