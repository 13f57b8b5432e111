// Cause hcc-capture-by-ref (HCC-only leniency): a kernel lambda captures an array_view by
// reference ([&]). C++ AMP allows only array and texture to be captured by reference; HCC
// captured the view by value whatever the capture said. ampcl-c++: "the lambda captures 'out'
// by reference ... capture it by value".
// flags: --hcc
// bug: build
#include <amp.h>
using namespace concurrency;

int main() {
  int data[4] = {};
  array_view<int, 1> out(4, data);
  parallel_for_each(out.extent, [&](index<1> i) restrict(amp) { out[i] = i[0] + 1; });
  out.synchronize();
  return data[3] == 4 ? 0 : 1;
}
