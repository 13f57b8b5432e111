// Cause hcc-device-assert (HCC-only leniency): assert() inside restrict(amp, cpu) code (Random123's
// R123_ASSERT in hcRNG's philox). glibc's assert calls __assert_fail, a restrict(cpu) function;
// HCC linked a device __assert_fail, C++ AMP has none. ampcl-c++: "reference to restrict(cpu)
// function '__assert_fail' in restrict(cpu, amp) function".
// flags: --hcc
// bug: build
#include <amp.h>
#include <cassert>
using namespace concurrency;

unsigned rounds(unsigned r) restrict(amp, cpu) {
  assert(r <= 16);
  return r * 2u;
}

int main() {
  unsigned out[2] = {};
  array_view<unsigned, 1> v(2, out);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = rounds(unsigned(i[0]) + 3u); });
  v.synchronize();
  return out[1] == 8u ? 0 : 1;
}
