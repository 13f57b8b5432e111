// Sample hazards shared by the report tests.
#pragma once

#include "hazard.hpp"
#include "unchecked_reason.hpp"

namespace ampcl::debug::testing {

// The documents' `total += x` race: read and write on line 14 of reduce.cl.
inline hazard total_race(hazard_class kind = hazard_class::read_after_write) {
  hazard h;
  h.kind = kind;
  h.kernel = "reduce";
  h.variable = "total";
  h.memory = "tile_static";
  h.first = {"kernels/reduce.cl", 12, 5, "write"};
  h.second = {"kernels/reduce.cl", 14, 9, "read"};
  h.rank = 2;
  h.tile[0] = 1;
  h.tile[1] = 2;
  h.item_a[0] = 0;
  h.item_a[1] = 3;
  h.item_b[0] = 1;
  h.item_b[1] = 0;
  h.barrier_interval = 2;
  h.detail = "Work-item (1, 0) read 'total' that (0, 3) wrote; add tile_barrier_wait() between.";
  h.count = 1;
  return h;
}

inline hazard oob_write() {
  hazard h;
  h.kind = hazard_class::out_of_bounds;
  h.kernel = "copy";
  h.variable = "out";
  h.memory = "global";
  h.first = {"copy.cl", 7, 3, "write"};
  h.rank = 1;
  h.tile[0] = 3;
  h.item_a[0] = 63;
  h.count = 4;
  return h;
}

// A kernel the checker could not check: the driver failed to build it.
inline hazard unchecked_build() {
  return not_checked(unchecked_reason::build, "reduce", "kernels/reduce.cl",
                     "the driver could not build the instrumented kernel.");
}

}  // namespace ampcl::debug::testing
