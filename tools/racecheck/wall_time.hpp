// --compare-plain: the command's wall time without the checker and with it.
#pragma once

#include <chrono>
#include <string>

namespace ampcl::racecheck {

struct wall_times {
  double plain_seconds = 0;
  double checked_seconds = 0;
  int plain_status = 0;    // the run without the checker's exit status
  int checked_status = 0;  // the checked run's (the program's own)
};

// "ampcl-racecheck: wall time: 1.25 s without the checker, 5.00 s with it
// (4.00x)", and a second line when the two runs ended differently.
std::string describe(const wall_times& t);

// Seconds of wall time since `start`.
double seconds_since(std::chrono::steady_clock::time_point start);

}  // namespace ampcl::racecheck
