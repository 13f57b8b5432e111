// A kernel `k` with the lines the instrumenter must make quiet and those it must
// check (quiet_reads_test.cpp: tile_static reads; quiet_stores_test.cpp: stores).
#pragma once

#include <ostream>
#include <set>
#include <utility>

#include "instrument.hpp"

struct quiet_case {
  const char* name;
  const char* source;  // kernel `k`
  std::set<int> quiet, checked;
};

inline void PrintTo(const quiet_case& c, std::ostream* os) {
  *os << c.name;
}

// The lines of the tile_static sites `pick` accepts, split into quiet and checked.
template <class Pick>
std::pair<std::set<int>, std::set<int>> quiet_and_checked_lines(
    const ampcl::debug::instrument_result& r, Pick pick) {
  std::pair<std::set<int>, std::set<int>> lines;
  for (const ampcl::debug::site_info& s : r.sites)
    if (s.space == ampcl::debug::memory_space::tile_static && pick(s))
      (s.quiet ? lines.first : lines.second).insert(s.line);
  return lines;
}
