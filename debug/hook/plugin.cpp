// libampcl_racecheck.so: what the runtime dlopens when AMPCL_RACECHECK=1.
#include <ampcl/detail/settings.hpp>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <stdexcept>
#include <string>

#include "collector.hpp"
#include "racecheck_hook.hpp"
#include "unchecked_reason.hpp"

namespace {

using namespace ampcl::debug;

// Without ampcl-racecheck nobody reads a report: kernels not checked are said on
// stderr (the hazards are the collector's, for whoever listens).
void report_unchecked_to_stderr() {
  add_hazard_listener([](const std::vector<hazard>& found) {
    for (const hazard& h : found)
      if (is_not_checked(h))
        std::fprintf(stderr, "ampcl race check: kernel %s was not checked (%s): %s\n",
                     h.kernel.c_str(), h.reason.c_str(), h.detail.c_str());
  });
}

}  // namespace

extern "C" __attribute__((visibility("default"))) ampcl::launch_hook*
ampcl_racecheck_create_hook() {
  static bool once = false;
  if (!once) {
    once = true;
    namespace st = ampcl::detail::settings;
    if (const std::optional<std::string> path = st::text(st::id::racecheck_report))
      report_to_file(*path);
    else
      report_unchecked_to_stderr();
  }
  // Launches finish lazily (racecheck_hook.hpp): the last ones at exit, while the
  // runtime's OpenCL objects still live (atexit handlers registered now run before
  // the destructors of statics constructed earlier).
  static racecheck_hook* last = nullptr;
  try {
    last = new racecheck_hook();
  } catch (const std::invalid_argument& e) {
    // A setting it cannot read: no hook, so the program runs on unchecked, and
    // the report says why nothing was checked (the run fails).
    publish_hazards({not_checked(unchecked_reason::bad_setting, "every kernel", "", e.what())});
    return nullptr;
  }
  std::atexit([] {
    if (last) last->shutdown();
  });
  return last;
}
