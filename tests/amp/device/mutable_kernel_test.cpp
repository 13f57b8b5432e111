// A mutable lambda as a kernel: C++ AMP gives each thread its own copy of the
// functor, so the lambda may change its captures, and each thread sees only its
// own changes.
#include <amp.h>

#include <vector>

#include "device_check.h"

using namespace concurrency;

int main() {
  const int n = 256;
  std::vector<int> host(n, -7);  // poison
  array_view<int, 1> out(n, host);
  array_view<int, 1> no_source(n);
  int step = 3;
  parallel_for_each(
      out.extent, [=](index<1> i) mutable restrict(amp) {
        step += i[0];             // this thread's copy only
        no_source = out;          // views are assignable in a mutable kernel
        no_source[i] = step * 2;  // writes through to out
      });
  out.synchronize();
  for (int i = 0; i < n; ++i) AMP_CHECK_EQ(host[i], 2 * (3 + i));
  AMP_CHECK_EQ(step, 3);  // the host's variable is untouched
  return amp_check::finish("mutable_kernel_test");
}
