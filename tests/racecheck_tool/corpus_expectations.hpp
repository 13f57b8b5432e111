// The race corpus (tests/races/): every NAME.sim launches NAME.cl, whose
// comment lines say what ampcl-racecheck must report:
//
//   // EXPECT: race-free                       nothing at all
//   // EXPECT: <class> @ <line>                required: a hazard of that class whose
//                                              report points at that line of NAME.cl
//   // EXPECT: <class> @ <line>, <other>       ... and whose other access is on <other>
//   // EXPECT-MAYBE: <class> @ <line>          allowed, not required (scheduling-
//                                              dependent orders: CPU vs GPU)
//   // EXPECT-ONE: <class> @ <line>            at least one of the file's EXPECT-ONE
//                                              lines must match (each is allowed):
//                                              the class or line depends on the order
//
// <class> is a hazard name ("read-after-write") or rule id ("ampcl.raw"). The
// line is the report's primary location: the later access of a pair, or the
// only access. A report passes when every EXPECT matches at least one hazard
// and every hazard matches some EXPECT or EXPECT-MAYBE.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "hazard.hpp"

namespace ampcl::corpus {

struct expectation {
  debug::hazard_class kind = debug::hazard_class::read_after_write;
  int line = 0;
  int other_line = 0;    // 0: any
  bool required = true;  // EXPECT; false for EXPECT-MAYBE and EXPECT-ONE
  bool one_of = false;   // EXPECT-ONE: one of the file's EXPECT-ONE lines must match
  int source_line = 0;   // where the EXPECT comment is
};

struct expectations {
  bool race_free = false;
  std::vector<expectation> items;
};

// Throws std::runtime_error "FILE:LINE: ..." for a malformed EXPECT line, a
// file with none, or race-free mixed with hazards.
expectations parse_expectations(const std::string& source, const std::string& file_name);

// A reported hazard as the check sees it.
struct observed {
  debug::hazard_class kind;
  std::string file;  // primary location's file
  int line = 0;
  int other_line = 0;  // 0 when the hazard has one site
};

// Empty when the report matches; otherwise one line per problem.
std::vector<std::string> compare(const expectations& want, const std::vector<observed>& got,
                                 const std::string& kernel_file);

}  // namespace ampcl::corpus
