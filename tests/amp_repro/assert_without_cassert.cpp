// Cause assert-not-visible (companion header): host code calls assert() and includes only
// <amp.h>. Visual C++'s and HCC's <amp.h> reached <cassert>; ampcl's does not. ampcl-c++:
// "use of undeclared identifier 'assert'".
// bug: build
#include <amp.h>

int main() {
  concurrency::extent<2> e(3, 4);
  assert(e.size() == 12);
  return 0;
}
