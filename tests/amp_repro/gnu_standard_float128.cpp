// Cause gnu-std-float128 (front end): -std=gnu++17 (what Visual C++-style and GNU builds
// often pass) makes libstdc++ declare its __float128 overloads, which the device pass
// rejects: "__float128 is not supported on this target" in std_abs.h and type_traits.
// flags: -std=gnu++17
// bug: build
#include <amp.h>
using namespace concurrency;

int main() {
  int x[4] = {};
  array_view<int, 1> v(4, x);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = 2 * i[0]; });
  v.synchronize();
  return x[3] == 6 ? 0 : 1;
}
