// Cause hcc-64bit-literal (HCC-only leniency): restrict(amp) code divides by a literal that
// needs 64 bits (HCC on Linux: long is 64-bit on host and device). C++ AMP has no 64-bit
// integers in restrict(amp) code; ampcl-c++: "the integer literal 4294967297 does not fit in
// 32 bits". Here the literal only builds a double constant.
// flags: --hcc
// bug: build
#include <amp.h>
using namespace concurrency;

#define NORM (1.0 / 0x100000001L)

int main() {
  double data[1] = {};
  array_view<double, 1> v(1, data);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = 3.0 * NORM; });
  v.synchronize();
  return data[0] > 6.9e-10 && data[0] < 7.0e-10 ? 0 : 1;
}
