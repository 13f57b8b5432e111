// Shared by the translation-rule tests: each is a C++ AMP program that runs one
// construct in a kernel and compares every result with the same code run on the
// host (or a closed form), outputs poisoned first. Exit 0: every check held.
#pragma once

#include <amp.h>

#include <cmath>
#include <cstdio>
#include <vector>

inline int& failures() {
  static int n = 0;
  return n;
}

#define CHECK_EQ(got, want)                                                              \
  do {                                                                                   \
    const auto g_ = (got);                                                               \
    const auto w_ = (want);                                                              \
    if (!(g_ == w_)) {                                                                   \
      std::printf("%s:%d: %s is %g, expected %g\n", __FILE__, __LINE__, #got,            \
                  static_cast<double>(g_), static_cast<double>(w_));                     \
      ++failures();                                                                      \
    }                                                                                    \
  } while (0)

#define CHECK_NEAR(got, want, tol)                                                       \
  do {                                                                                   \
    const double g_ = (got), w_ = (want);                                                \
    if (!(std::fabs(g_ - w_) <= (tol))) {                                                \
      std::printf("%s:%d: %s is %.9g, expected %.9g within %g\n", __FILE__, __LINE__,    \
                  #got, g_, w_, static_cast<double>(tol));                               \
      ++failures();                                                                      \
    }                                                                                    \
  } while (0)

// The bits of a float as an int (no <cstring>: it declares ::index, see README).
inline int bits_of(float f) {
  int i;
  __builtin_memcpy(&i, &f, sizeof i);
  return i;
}

// Poison for outputs: a value no check expects.
constexpr int poison = -123456789;

inline int report(const char* name) {
  if (failures()) std::printf("%s: %d checks failed\n", name, failures());
  else std::printf("%s: all checks passed\n", name);
  return failures() ? 1 : 0;
}
