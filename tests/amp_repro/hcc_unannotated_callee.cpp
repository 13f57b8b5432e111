// Cause hcc-auto-restrict (HCC-only leniency): restrict(amp) code calls an inline function
// written with no restriction specifier. In C++ AMP that function is restrict(cpu) and the call
// is an error (Visual C++ C3930); HCC inferred restrict(amp) for it. ampcl-c++: "call to
// restrict(cpu) function from restrict(amp) function".
// flags: --hcc
// bug: build
#include <amp.h>
using namespace concurrency;

inline int twice(int x) { return 2 * x; }

int main() {
  int data[4] = {};
  array_view<int, 1> v(4, data);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = twice(i[0]); });
  v.synchronize();
  return data[3] == 6 ? 0 : 1;
}
