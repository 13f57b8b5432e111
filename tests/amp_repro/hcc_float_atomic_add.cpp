// Cause hcc-float-atomics (HCC-only leniency): atomic_fetch_add / atomic_fetch_sub on a float.
// C++ AMP 1.2 declares them for int and unsigned int only (float has atomic_exchange alone);
// HCC added float overloads and its tests and libraries use them. ampcl-c++: "no matching
// function for call to 'atomic_fetch_add'". Expected with --hcc: builds, prints 128.
// flags: --hcc
// bug: build
#include <amp.h>
#include <cstdio>
using namespace concurrency;

int main() {
  float total = 0.0f;
  array_view<float, 1> t(1, &total);
  parallel_for_each(extent<1>(128), [=](index<1>) restrict(amp) { atomic_fetch_add(&t[0], 1.0f); });
  t.synchronize();
  std::printf("%g\n", total);
  return total == 128.0f ? 0 : 1;
}
