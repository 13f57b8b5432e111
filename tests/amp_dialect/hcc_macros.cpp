// Code written for HCC tests its macros; with --hcc ampcl-c++ defines them, the
// accelerator ones while it reads the source for its kernels (as HCC did for its
// device compilation), so a kernel's #ifdef picks the device branch.
#include <amp.h>

#include <cstdio>

#if !defined(__HCC__) || !defined(__HCC_AMP__) || !defined(__KALMAR_CC__)
#error "--hcc defines HCC's macros"
#endif

using namespace concurrency;

int main() {
  int flag[2] = {-7, -7};  // poison
  array_view<int, 1> av(2, flag);
  parallel_for_each(
      av.extent, [=](index<1> i) restrict(amp) {
#if defined(__HCC_ACCELERATOR__) && defined(__KALMAR_ACCELERATOR__)
        av[i] = 1;
#else
    av[i] = 0;
#endif
      });
  av.synchronize();
  const bool ok = flag[0] == 1 && flag[1] == 1;
  std::printf("%s\n", ok ? "PASS" : "FAIL: the kernel took the host branch");
  return ok ? 0 : 1;
}
