#include "support/log.hpp"

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <mutex>

namespace ampcl::detail {

namespace {
log_level parse_level() {
  const char* env = std::getenv("AMPCL_LOG");
  if (!env || !*env) return log_level::warn;
  const std::string v = env;
  if (v == "off" || v == "0") return log_level::off;
  if (v == "error") return log_level::error;
  if (v == "warn" || v == "warning") return log_level::warn;
  if (v == "info" || v == "1") return log_level::info;
  if (v == "debug" || v == "2") return log_level::debug;
  std::cerr << "ampcl: AMPCL_LOG=" << v
            << " is not a level; use off, error, warn, info or debug. Using warn.\n";
  return log_level::warn;
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
