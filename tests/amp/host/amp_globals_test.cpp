// What Visual C++'s <amp.h> makes visible beside C++ AMP, and programs rely on:
// <cmath>'s functions in the global namespace with their float overloads (host code
// calls log, pow, fabs unqualified), assert (as HCC's <amp.h> did too), the C
// string functions and the integer limits.
#include <amp.h>

#include <type_traits>

#include "amp_check.h"

int main() {
  float f = 2.0f;
  double d = 2.0;
  // The float overloads, not the C library's double functions.
  static_assert(std::is_same<decltype(log(f)), float>::value, "log(float) is float");
  static_assert(std::is_same<decltype(pow(f, f)), float>::value, "pow(float, float) is float");
  static_assert(std::is_same<decltype(sqrt(f)), float>::value, "sqrt(float) is float");
  static_assert(std::is_same<decltype(fabs(d)), double>::value, "fabs(double) is double");
  AMP_CHECK(fabs(log(f) - 0.693147f) < 1e-5f && pow(f, 3.0f) == 8.0f && fabs(-1.5f) == 1.5f);
  AMP_CHECK(sqrt(16.0) == 4.0 && floor(2.5) == 2.0 && exp(0.0) == 1.0 && abs(-3) == 3);
  AMP_CHECK(fmax(1.0, 2.0) == 2.0 && isnan(nan("")) && !isinf(d));
  assert(f == 2.0f);
  AMP_CHECK(strlen("amp") == 3 && INT_MAX == 2147483647);
  return amp_check::finish("amp_globals");
}
