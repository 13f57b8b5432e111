// Cause hcc-restrict-redecl (HCC-only leniency): a header declares a function with no
// restriction specifier and the source file defines it restrict(amp, cpu). C++ AMP makes the
// two different functions (Visual C++ rejects the mismatch: C3935); HCC merged the
// restrictions. ampcl-c++: "restrict(cpu, amp) function 'step' cannot overload restrict(cpu)
// function 'step'".
// flags: --hcc
// bug: build
#include <amp.h>
using namespace concurrency;

unsigned step(unsigned x);                          // the library's public header

unsigned step(unsigned x) restrict(amp, cpu) { return x * 3u + 1u; }  // its source file

int main() {
  unsigned data[4] = {1, 2, 3, 4};
  array_view<unsigned, 1> v(4, data);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = step(v[i]); });
  v.synchronize();
  return data[3] == 13u ? 0 : 1;
}
