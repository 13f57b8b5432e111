#include "wall_time.hpp"

#include <cstdio>

namespace ampcl::racecheck {

std::string describe(const wall_times& t) {
  char line[200];
  std::snprintf(line, sizeof line,
                "ampcl-racecheck: wall time: %.2f s without the checker, %.2f s with it",
                t.plain_seconds, t.checked_seconds);
  std::string out = line;
  if (t.plain_seconds > 0) {
    std::snprintf(line, sizeof line, " (%.2fx)", t.checked_seconds / t.plain_seconds);
    out += line;
  }
  out += "\n";
  if (t.plain_status != t.checked_status)
    out += "ampcl-racecheck: note: the run without the checker exited with status " +
           std::to_string(t.plain_status) + ", the checked run with " +
           std::to_string(t.checked_status) + ", so the two times may not compare like for like\n";
  return out;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace ampcl::racecheck
