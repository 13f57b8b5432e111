// Shared by the lowering golden tests (see README in docs/translator.md, "Golden
// tests of the lowering"): each test is one C++ AMP construct whose OpenCL C is
// pinned by the file's CHECK lines (ampcl-c++ --emit-cl | FileCheck) and that, as a
// program, runs the construct and compares every result with a host reference,
// outputs filled with poison first. Exit 0: every expectation held.
#pragma once

// One set of checks for the C++ AMP tests that run code (tests/amp_lowering/check.h), named
// EXPECT_* here so that FileCheck never mistakes a use for a directive.
#include "../amp_lowering/check.h"

#define EXPECT_EQ CHECK_EQ
#define EXPECT_NEAR CHECK_NEAR

inline int golden_report(const char* name) { return report(name); }
