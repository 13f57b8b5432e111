// AMPCL_LOG=error|warn|info|debug: what the runtime says on stderr.
#pragma once

#include <sstream>
#include <string>

namespace ampcl::detail {

enum class log_level { off = 0, error, warn, info, debug };

log_level current_log_level();
void write_log(log_level level, const std::string& message);

template <class... Parts>
void log(log_level level, const Parts&... parts) {
  if (level > current_log_level()) return;
  std::ostringstream s;
  (s << ... << parts);
  write_log(level, s.str());
}

}  // namespace ampcl::detail
