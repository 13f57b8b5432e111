// Cause ms-compat-float128 (front end): with Visual C++'s dialect flags (-fms-compatibility
// and its version), the device pass rejects libstdc++'s __float128 overloads that <amp.h>
// pulls in (std_abs.h, type_traits): "__float128 is not supported on this target". Nothing in
// the program uses __float128; the host compile would accept it. Every Visual C++ corpus
// needs these flags (or the dialect by default).
// flags:
// bug: build
#include <amp.h>
using namespace concurrency;

int main() {
  int x[4] = {};
  array_view<int, 1> v(4, x);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = i[0]; });
  v.synchronize();
  return x[3] == 3 ? 0 : 1;
}
