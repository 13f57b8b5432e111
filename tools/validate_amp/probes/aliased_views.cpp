// C++ AMP's rule behind bolt-aliased-in-place (docs/validation_amp.md): two array_views over
// the same host memory are two data sources; a kernel that captures a non-const view marks it
// written, and the last view of each source copies its device copy back when it dies. So the
// input view, destroyed after the output view was synchronized, writes the old values over the
// result. Prints 10 20 30 40, then 1 2 3 4 (ampcl; HCC's runtime does the same). Not a bug.
#include <amp.h>
#include <cstdio>
using namespace concurrency;
int main() {
  int a[4] = {1, 2, 3, 4};
  {
    array_view<int, 1> in(4, a);
    array_view<int, 1> out(4, a);
    out.discard_data();
    parallel_for_each(out.extent, [=](index<1> i) restrict(amp) { out[i] = in[i] * 10; });
    out.synchronize();
    printf("after out.synchronize: %d %d %d %d\n", a[0], a[1], a[2], a[3]);
  }
  printf("after both views die:  %d %d %d %d\n", a[0], a[1], a[2], a[3]);
  return a[0] == 10 ? 0 : 1;
}
