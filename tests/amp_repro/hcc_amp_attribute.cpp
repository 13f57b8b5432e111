// Cause hcc-amp-attribute (HCC-only leniency): __attribute__((amp)) and __attribute__((hc)),
// HCC's attribute spellings of restrict(amp) (__attribute__((cpu)): restrict(cpu)), after a
// lambda's parameter list, between its introducer and parameter list, before its introducer
// (HCC's Parse/lambda_attribute, lambda_attribute_hc) or on a function. ampcl-c++: "expected
// expression" before the introducer, the attribute ignored elsewhere. Fixed with --hcc: read
// as restrict(amp) (restrict(cpu)); without --hcc, an error that names the switch.
// flags: --hcc
// bug: build
#include <amp.h>
using namespace concurrency;

__attribute__((hc)) int square(int x) { return x * x; }
int square(int x) __attribute__((cpu)) { return x * x; }

int main() {
  int out[4] = {0, 1, 2, 3};
  array_view<int, 1> v(4, out);
  auto before = __attribute__((amp)) [=](index<1> i) { v[i] = square(v[i]); };
  auto between = [=] __attribute__((hc)) (index<1> i) { v[i] += 1; };
  auto after = [=](index<1> i) __attribute__((amp)) { v[i] *= 2; };
  parallel_for_each(v.extent, before);
  parallel_for_each(v.extent, between);
  parallel_for_each(v.extent, after);
  v.synchronize();
  for (int i = 0; i < 4; ++i)
    if (out[i] != 2 * (square(i) + 1)) return 1;
  return 0;
}
