// A hazard found by the debug mode: what every analysis rule produces and every
// report format consumes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "contract.h"
#include "process_ref.hpp"

namespace ampcl::debug {

// One per row of the contract's AMPCL_HAZARD_CLASSES, in its order: the value
// is the code the device records (debug/runtime/contract.h says what each is).
enum class hazard_class {
#define AMPCL_HAZARD_ENUMERATOR(id, code, name, rule, text) id,
  AMPCL_HAZARD_CLASSES(AMPCL_HAZARD_ENUMERATOR)
#undef AMPCL_HAZARD_ENUMERATOR
};

const char* to_string(hazard_class c);  // "read-after-write", ...
const char* rule_id(hazard_class c);    // stable id for SARIF/JSON: "ampcl.raw", ...

struct source_site {
  std::string file;
  int line = 0;
  int column = 0;
  std::string access;  // "read", "write", "atomic", "barrier"
};

struct hazard {
  hazard_class kind = hazard_class::read_after_write;
  std::string kernel;
  std::string variable;        // the tile_static variable or kernel parameter
  std::string memory;          // "tile_static" or "global"
  source_site first;           // the earlier access (or the only one)
  source_site second;          // the later, conflicting access (line 0 when none)
  int rank = 1;                // rank of the launch, for printing indices
  int tile[3] = {0, 0, 0};     // AMP order
  int item_a[3] = {0, 0, 0};   // local index in AMP order of the first work-item
  int item_b[3] = {0, 0, 0};   // ... and of the second (for inter-tile races: global index)
  int barrier_interval = 0;    // number of barriers the tile had passed
  std::string detail;          // one sentence: what happened and how to fix it
  std::uint64_t count = 1;     // occurrences folded into this report
  bool partial_check = false;  // only a subset of tiles was checked (said in the report)
  std::string reason;          // not_checked: why (unchecked_reason.hpp), e.g. "crash"
  process_ref process;         // the process it came from (several share one report)
};

// A launch the checker did not (fully) check, rather than a hazard it found.
inline bool is_not_checked(const hazard& h) {
  return h.kind == hazard_class::not_checked;
}

// Folds hazards with the same class and site pair (and process) into one,
// adding counts.
std::vector<hazard> deduplicate(const std::vector<hazard>& all);

}  // namespace ampcl::debug
