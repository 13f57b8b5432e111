#include "checker.hpp"

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <stdexcept>

#include "report_sink.hpp"
#include "unchecked_reason.hpp"

namespace ampcl::layer {

namespace {

// The settings, read once; nullopt for a value the checker cannot read, said
// once as a not-checked report.
const std::optional<debug::racecheck_options>& settings() {
  static const std::optional<debug::racecheck_options> read =
      []() -> std::optional<debug::racecheck_options> {
    try {
      return debug::racecheck_options::from_environment();
    } catch (const std::invalid_argument& bad) {
      report(
          debug::not_checked(debug::unchecked_reason::bad_setting, "every kernel", "", bad.what()));
      return std::nullopt;
    }
  }();
  return read;
}

}  // namespace

bool checking_off() {
  return !settings();
}

debug::racecheck_engine& engine() {
  static debug::racecheck_engine* e = [] {
    // With checking off (a bad setting) it is made with the defaults, for the
    // calls that check nothing. It lives as long as its pending launches.
    auto* made = new debug::racecheck_engine(settings().value_or(debug::racecheck_options{}));
    made->set_give_up([](const debug::hazard& h) { give_up(h); });
    return made;
  }();
  return *e;
}

void give_up(const debug::hazard& h) {
  report(h);
  debug::end_process_gave_up(h);
}

}  // namespace ampcl::layer
