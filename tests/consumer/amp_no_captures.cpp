// A program whose host code references nothing of libampcl itself (a kernel that
// captures nothing): it NEEDs only libampcl_amp.so.0, whose own dependency on
// libampcl.so.0 the executable's RUNPATH does not serve. It starts, with no
// LD_LIBRARY_PATH, only when the installed libampcl_amp has RUNPATH $ORIGIN.
// (HCC's Overload/amp-lambda_or_pfe_in_main.cpp and others are such programs.)
#include <amp.h>
int main() {
  concurrency::parallel_for_each(concurrency::extent<1>(1),
                                 [](concurrency::index<1>) restrict(amp){});
  return 0;
}
