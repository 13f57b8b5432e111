// Shared by the lowering golden tests (see README in docs/translator.md, "Golden
// tests of the lowering"): each test is one C++ AMP construct whose OpenCL C is
// pinned by the file's CHECK lines (ampcl-c++ --emit-cl | FileCheck) and that, as a
// program, runs the construct and compares every result with a host reference,
// outputs filled with poison first. Exit 0: every expectation held.
#pragma once

#include <amp.h>

#include <cmath>
#include <cstdio>
#include <vector>

inline int& golden_failures() {
  static int n = 0;
  return n;
}

// Named EXPECT_*, not CHECK_*, so that FileCheck never mistakes them for directives.
#define EXPECT_EQ(got, want)                                                             \
  do {                                                                                   \
    const auto g_ = (got);                                                               \
    const auto w_ = (want);                                                              \
    if (!(g_ == w_)) {                                                                   \
      std::printf("%s:%d: %s is %.9g, expected %.9g\n", __FILE__, __LINE__, #got,        \
                  static_cast<double>(g_), static_cast<double>(w_));                     \
      ++golden_failures();                                                               \
    }                                                                                    \
  } while (0)

#define EXPECT_NEAR(got, want, tol)                                                      \
  do {                                                                                   \
    const double g_ = (got), w_ = (want);                                                \
    if (!(std::fabs(g_ - w_) <= (tol))) {                                                \
      std::printf("%s:%d: %s is %.9g, expected %.9g within %g\n", __FILE__, __LINE__,    \
                  #got, g_, w_, static_cast<double>(tol));                               \
      ++golden_failures();                                                               \
    }                                                                                    \
  } while (0)

// Poison for outputs: a value no expectation holds.
constexpr int poison = -123456789;

inline int golden_report(const char* name) {
  if (golden_failures()) std::printf("%s: %d expectations failed\n", name, golden_failures());
  else std::printf("%s: all expectations held\n", name);
  return golden_failures() ? 1 : 0;
}
