// The rule behind bolt-aliased-in-place (docs/validation_amp.md): two array_views over the
// same host memory are two data sources, and the last view of each copies its device copy
// back when it dies if a kernel wrote it. Before ampcl-c++ declared the buffers a kernel never
// writes const (translate/compiler/read_only_params.hpp), a captured non-const view counted as
// written: the input view, destroyed after the output view was synchronized, wrote the old
// values over the result (HCC's runtime does the same on a discrete device). Now it prints
// 10 20 30 40 twice. An input view the kernel does write still goes back last.
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
