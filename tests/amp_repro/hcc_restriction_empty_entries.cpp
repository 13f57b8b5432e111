// Cause hcc-restriction-empty-entry (HCC-only leniency): HCC's parser dropped empty entries
// of a restriction list: restrict(amp,) is restrict(amp), restrict(,cpu,,) restrict(cpu), and
// restrict(,) (only empties) no restriction at all (HCC's RestrictionSpecifier/OKCase).
// C++ AMP's grammar has none: ampcl-c++ left the specifier unrewritten ("expected function
// body after function declarator"). Fixed with --hcc: the empty entries are dropped; without
// --hcc, an error that names the switch.
// flags: --hcc
// bug: build
#include <amp.h>
using namespace concurrency;

int triple(int x) restrict(amp,) { return 3 * x; }
int offset(int x) restrict(, cpu,, amp,) { return x + 1; }
int host_only(int x) restrict(,   ,cpu,,) { return x - 1; }
int plain(int x) restrict(,) { return 2 * x; }  // no restriction: cpu

int main() {
  int out[4] = {0, 1, 2, 3};
  array_view<int, 1> v(4, out);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp,) { v[i] = offset(triple(v[i])); });
  v.synchronize();
  for (int i = 0; i < 4; ++i)
    if (out[i] != offset(3 * i) || host_only(plain(i)) != 2 * i - 1) return 1;
  return 0;
}
