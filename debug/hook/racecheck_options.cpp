// The race checker's settings from the environment, read strictly: a value the
// checker cannot read is an error that names it, never a silent default (a
// shadow budget read as 0 from "64M" would check nothing and say so only later).
// The parsing and the wording are the settings table's (settings.hpp); the
// invalid_argument it throws becomes the bad-setting report (plugin.cpp).
#include <ampcl/detail/settings.hpp>

#include "layout.hpp"
#include "shadow_launch.hpp"

namespace ampcl::debug {

namespace st = ampcl::detail::settings;

racecheck_options racecheck_options::from_environment() {
  racecheck_options o;
  if (auto mib = st::number(st::id::racecheck_shadow_mb)) o.shadow_budget_bytes = *mib << 20;
  o.timeout_seconds = st::seconds(st::id::racecheck_timeout_s).value_or(o.timeout_seconds);
  o.build_timeout_seconds =
      st::seconds(st::id::racecheck_build_timeout_s).value_or(o.build_timeout_seconds);
  if (auto mib = st::number(st::id::racecheck_in_flight_mb)) o.in_flight_shadow_bytes = *mib << 20;
  o.local_shadow = st::on(st::id::racecheck_local_shadow).value_or(o.local_shadow);
  o.owned = st::on(st::id::racecheck_owned).value_or(o.owned);
  o.report_same_value = st::on(st::id::racecheck_report_same_value).value_or(o.report_same_value);
  if (auto z = st::choice(st::id::racecheck_shadow_zeroing))
    o.zeroing = static_cast<shadow_zeroing>(*z);
  return o;
}

}  // namespace ampcl::debug
