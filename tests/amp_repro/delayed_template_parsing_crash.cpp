// Cause ms-dialect-crash (front end): ampcl-c++ dies with SIGSEGV (exit 139, no message) on
// any kernel when given -fdelayed-template-parsing, Clang's emulation of Visual C++'s late
// template parsing, which Visual C++ code needs (names used before they are declared).
// flags: -fdelayed-template-parsing
// bug: build
#include <amp.h>
using namespace concurrency;

int main() {
  float x[8] = {};
  array_view<float, 1> v(8, x);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = 0.5f * i[0]; });
  v.synchronize();
  return x[7] == 3.5f ? 0 : 1;
}
