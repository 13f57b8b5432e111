// libampcl_racecheck.so: what the runtime dlopens when AMPCL_RACECHECK=1.
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "collector.hpp"
#include "hazards_jsonl.hpp"
#include "racecheck_hook.hpp"

extern "C" __attribute__((visibility("default"))) ampcl::launch_hook*
ampcl_racecheck_create_hook() {
  // AMPCL_RACECHECK_REPORT: the JSON-lines file ampcl-racecheck reads back. It is
  // created now (so an empty file says the checker ran) and appended per launch.
  if (const char* path = std::getenv("AMPCL_RACECHECK_REPORT"); path && *path) {
    static bool once = false;
    if (!once) {
      once = true;
      std::string file = path;
      try {
        ampcl::debug::write_hazards_jsonl(file, {});
      } catch (const std::exception& e) {
        std::fprintf(stderr, "ampcl race check: %s\n", e.what());
      }
      ampcl::debug::add_hazard_listener([file](const std::vector<ampcl::debug::hazard>& found) {
        if (found.empty()) return;
        try {
          ampcl::debug::write_hazards_jsonl(file, found);
        } catch (const std::exception& e) {
          std::fprintf(stderr, "ampcl race check: %s\n", e.what());
        }
      });
    }
  }
  // Launches finish lazily (racecheck_hook.hpp): the last ones at exit, while the
  // runtime's OpenCL objects still live (atexit handlers registered now run before
  // the destructors of statics constructed earlier).
  static ampcl::debug::racecheck_hook* last = nullptr;
  last = new ampcl::debug::racecheck_hook();
  std::atexit([] {
    if (last) last->finish_pending();
  });
  return last;
}
