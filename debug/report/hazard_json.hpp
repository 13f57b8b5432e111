// One hazard as a JSON object: the shape shared by the JSON-lines hand-off file
// and the `--format json` report, so both stay in step.
//
// Schema (version 1). Keys always present unless marked optional:
//   "kind":     "read-after-write" | "write-after-read" | "write-after-write" |
//               "fence-mismatch" | "uninitialized-read" | "barrier-divergence" |
//               "inter-tile-race" | "out-of-bounds" | "host-device-race" | "not-checked"
//               (every row of AMPCL_HAZARD_CLASSES in debug/runtime/contract.h)
//   "rule":     stable rule id, "ampcl.raw", ... (rule_id())
//   "kernel", "variable", "memory" ("tile_static" | "global"), "detail": strings
//   "first":    site object {"file": str, "line": int, "column": int, "access": str}
//   "second":   site object, or null when the hazard has one site
//   "rank":     1..3
//   "tile", "item_a", "item_b": arrays of `rank` ints, AMP order (dimension 0 first)
//   "barrier_interval": int, "count": int >= 1, "partial_check": bool
//   "reason": optional, for "not-checked": why (unchecked_reason.hpp), "crash", ...
//   "pid", "process_start": optional ints, the process that found it (process_ref.hpp)
// Readers ignore unknown keys, so later versions may add some.
#pragma once

#include <string>

#include "hazard.hpp"
#include "json.hpp"

namespace ampcl::debug {

// One line of JSON, no trailing newline.
std::string hazard_to_json(const hazard& h);

// Throws std::runtime_error naming the missing or mistyped key.
hazard hazard_from_json(const json::value& v);

// The "pid" and "process_start" keys of a hazard or journal record; not
// recorded when absent.
process_ref process_from_json(const json::value& record);

}  // namespace ampcl::debug
