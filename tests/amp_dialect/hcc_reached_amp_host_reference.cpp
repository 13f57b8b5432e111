// With --hcc, a restrict(amp) function that no kernel reaches is not checked for
// host-only things (tests/amp_repro/hcc_unreached_amp_host_reference.cpp); one a kernel
// reaches, through another function, still is: ampcl-c++ --hcc must reject this.
#include <amp.h>

#include <cstdio>
using namespace concurrency;

int report(int x) restrict(amp) {
  std::printf("%d\n", x);  // host only
  return x;
}

int forward(int x) restrict(amp) { return report(x); }

int main() {
  int out[1] = {0};
  array_view<int, 1> v(1, out);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = forward(1); });
  v.synchronize();
  return out[0] == 1 ? 0 : 1;
}
