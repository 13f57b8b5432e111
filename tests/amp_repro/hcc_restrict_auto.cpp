// Cause hcc-restrict-auto (HCC-only): restrict(auto) and restrict(cpu, auto), HCC's extension,
// have the restriction inferred from the body. ampcl-c++ ignored `auto`, so such a function
// stayed restrict(cpu) and a kernel calling it was an error ("reference to restrict(cpu)
// function 'twice' in restrict(amp) function"). Fixed with --hcc: the inferred restriction is
// written in place of `auto` (amp added when amp code calls it); without --hcc, an error
// that names --hcc.
// flags: --hcc
// bug: build
#include <amp.h>
using namespace concurrency;

int side() restrict(cpu) { return 1; }
int side() restrict(amp) { return 2; }

int twice(int x) restrict(cpu, auto) { return 2 * x; }  // -> restrict(cpu, amp)
int which() restrict(auto) { return side(); }           // -> restrict(cpu, amp)

int main() {
  int out[1] = {0};
  array_view<int, 1> v(1, out);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = twice(which()); });
  v.synchronize();
  return out[0] == 4 && twice(which()) == 2 ? 0 : 1;
}
