#include "support/log.hpp"

#include <ampcl/detail/settings.hpp>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <mutex>

namespace ampcl::detail {

namespace {
log_level parse_level() {
  // A bad level only warns: logging must not be what stops a program.
  try {
    // In the row's order: off, error, warn, info, debug.
    constexpr log_level levels[] = {log_level::off, log_level::error, log_level::warn,
                                    log_level::info, log_level::debug};
    const std::optional<int> v = settings::choice(settings::id::log);
    return v ? levels[*v] : log_level::warn;
  } catch (const std::invalid_argument& e) {
    std::cerr << "ampcl: " << e.what() << "; using warn\n";
    return log_level::warn;
  }
}
const char* level_name(log_level l) {
  switch (l) {
    case log_level::error: return "error";
    case log_level::warn: return "warning";
    case log_level::info: return "info";
    default: return "debug";
  }
}
}  // namespace

log_level current_log_level() {
  static const log_level level = parse_level();
  return level;
}

void write_log(log_level level, const std::string& message) {
  // The whole line in one write: std::cerr is unbuffered, and each << was a write
  // call of its own (five per line, a tenth of a millisecond in a first launch
  // from the disk cache with AMPCL_LOG=info).
  std::string line = "ampcl ";
  line += level_name(level);
  line += ": ";
  line += message;
  line += '\n';
  static std::mutex m;
  std::lock_guard<std::mutex> lock(m);
  std::cerr << line;
}

}  // namespace ampcl::detail
