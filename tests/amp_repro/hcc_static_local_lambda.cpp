// Cause hcc-global-var (HCC-only leniency), its static-local form: HCC's
// InvalidLambda/empty_lambda2 keeps a lambda that captures nothing in a static local
// (to work around HCC's kernel-name mangling) and calls it in a kernel. C++ AMP
// forbids static variables in restrict(amp) code; HCC took the object's address in
// host memory, which an empty closure never reads. ampcl-c++: "reference to
// restrict(cpu) variable 'twice' in restrict(amp) function". With --hcc the object is
// a plain local (it has no state: the same function object), which the kernel copies.
// flags: --hcc
// bug: build
#include <amp.h>
using namespace concurrency;

int main() {
  int data[4] = {-1, -1, -1, -1};
  array_view<int, 1> v(4, data);
  v.discard_data();
  static auto twice = [&](int x) restrict(cpu, amp) { return 2 * x; };
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = twice(i[0]) + 1; });
  v.synchronize();
  for (int i = 0; i < 4; ++i)
    if (data[i] != 2 * i + 1) return 1;
  return twice(5) == 10 ? 0 : 1;  // the host's call, as before
}
