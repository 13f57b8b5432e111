// Runs one kernel case (an Oclgrind .sim launch file and the .cl it names) on the
// OpenCL device twice, plain and under the race checker, with raw OpenCL: the
// hazards found, the buffers each run left, and the verdict the .cl expects in
// its `// EXPECT:` comments (format: tests/races/README.md).
#pragma once

#include <string>
#include <vector>

#include "hazard.hpp"

namespace ampcl::debug::testing {

struct expectation {
  bool required = true;     // EXPECT (required) or EXPECT-MAYBE (allowed)
  bool one_of = false;      // EXPECT-ONE: one of the file's EXPECT-ONE lines must match
  std::string hazard_name;  // "read-after-write", ...
  int line = 0;             // where the report points; 0 = any
  int other_line = 0;       // the other access, 0 = any
};

struct case_result {
  std::vector<hazard> hazards;
  std::vector<std::vector<unsigned char>> plain_buffers;    // per argument, after the plain run
                                                            // (race-free cases only)
  std::vector<std::vector<unsigned char>> checked_buffers;  // after the checked run
  std::vector<expectation> expected;
  bool race_free_expected = false;
  std::string instrumented_source;
};

// Throws std::runtime_error on any setup failure (with the build log).
case_result run_case(const std::string& sim_path);

// The hazard's report line: the later access of a pair, or the only one.
int report_line(const hazard& h);

// Empty when the hazards satisfy the expectations, else what is wrong.
std::string check_verdict(const case_result& r);

std::string describe(const std::vector<hazard>& hazards);

}  // namespace ampcl::debug::testing
