// Cause hcc-accelerator-macro (HCC-only leniency): code tests __HCC_ACCELERATOR__ (or the
// older __KALMAR_ACCELERATOR__), which HCC defined while it compiled the device side, to take
// a different branch in kernels. ampcl-c++'s device pass defines neither, so the kernel takes
// the host branch: wrong result at run time, no diagnostic.
// flags: --hcc
// bug: run
#include <amp.h>
using namespace concurrency;

int where() restrict(amp, cpu) {
#if defined(__HCC_ACCELERATOR__) || defined(__KALMAR_ACCELERATOR__)
  return 1;  // device
#else
  return 0;  // host
#endif
}

int main() {
  int on_device = -1;
  array_view<int, 1> v(1, &on_device);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = where(); });
  v.synchronize();
  return on_device == 1 && where() == 0 ? 0 : 1;
}
