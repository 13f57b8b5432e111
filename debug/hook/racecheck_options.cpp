// The race checker's settings from the environment, read strictly: a value the
// checker cannot read is an error that names it, never a silent default (a
// shadow budget read as 0 from "64M" would check nothing and say so only later).
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "layout.hpp"
#include "shadow_launch.hpp"

namespace ampcl::debug {

namespace {

// The variable's text, or null when it is unset or empty (the default applies).
const char* setting(const char* name) {
  const char* text = std::getenv(name);
  return text && *text ? text : nullptr;
}

[[noreturn]] void refuse(const char* name, const char* text, const std::string& wanted) {
  throw std::invalid_argument(std::string(name) + "='" + text + "' is not " + wanted +
                              ": set it to one, or unset it for the default");
}

// A size in MiB, 0 to 1 TiB; returned in bytes.
std::size_t mib(const char* name, std::size_t fallback_bytes) {
  const char* text = setting(name);
  if (!text) return fallback_bytes;
  char* end = nullptr;
  const unsigned long long v = std::strtoull(text, &end, 10);
  if (*text == '-' || *end != '\0' || v > (1ull << 20))
    refuse(name, text, "a whole number of MiB from 0 to 1048576 (no unit: '64', not '64M')");
  return static_cast<std::size_t>(v) << 20;
}

// A positive number of seconds.
double seconds(const char* name, double fallback) {
  const char* text = setting(name);
  if (!text) return fallback;
  char* end = nullptr;
  const double v = std::strtod(text, &end);
  if (end == text || *end != '\0' || !std::isfinite(v) || v <= 0)
    refuse(name, text, "a number of seconds above 0 (no unit: '30', not '30s')");
  return v;
}

// 0 or 1.
bool on_off(const char* name, bool fallback) {
  const char* text = setting(name);
  if (!text) return fallback;
  const std::string v = text;
  if (v != "0" && v != "1") refuse(name, text, "0 or 1");
  return v == "1";
}

}  // namespace

racecheck_options racecheck_options::from_environment() {
  racecheck_options o;
  o.shadow_budget_bytes = mib("AMPCL_RACECHECK_SHADOW_MB", o.shadow_budget_bytes);
  o.timeout_seconds = seconds("AMPCL_RACECHECK_TIMEOUT_S", o.timeout_seconds);
  o.build_timeout_seconds = seconds("AMPCL_RACECHECK_BUILD_TIMEOUT_S", o.build_timeout_seconds);
  o.in_flight_shadow_bytes = mib("AMPCL_RACECHECK_IN_FLIGHT_MB", o.in_flight_shadow_bytes);
  o.local_shadow = on_off("AMPCL_RACECHECK_LOCAL_SHADOW", o.local_shadow);
  o.report_same_value = on_off(layout::report_same_value_env, o.report_same_value);
  return o;
}

}  // namespace ampcl::debug
