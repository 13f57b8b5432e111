// Property writes in kernels: components and swizzles assigned as C++ AMP programs
// assign them (v.x = 1, v.zyx = u, v.rg += w, v.x++), on private vectors and on an
// array_view's elements in global memory, against the same function on the host.
#include <amp.h>
#include <amp_short_vectors.h>

#include <vector>

#include "device_check.h"

using namespace concurrency;
using namespace concurrency::graphics;

namespace {

constexpr int n = 256;

int_4 assign_through_properties(int_4 a, int_3 b) restrict(cpu, amp) {
  int_4 r = a;
  r.x = b.z;
  r.wzy = b;  // 3-swizzle write
  r.rg += b.zx;
  r.a = -r.a;
  r.y++;
  --r.z;
  float_4 f(r);
  f.ba = f.rg * 0.5f;
  return r + int_4(f);
}

}  // namespace

int main() {
  std::printf("swizzle writes on %ls\n", accelerator().description.c_str());
  std::vector<int_4> a(n), out(n, int_4(-99)), expected(n);
  std::vector<int_3> b(n);
  for (int i = 0; i < n; ++i) {
    a[i] = int_4(i, -i, 2 * i, i % 7);
    b[i] = int_3(i % 3, 5 - i, i * i % 101);
    expected[i] = assign_through_properties(a[i], b[i]);
  }
  array_view<const int_4, 1> av(n, a);
  array_view<const int_3, 1> bv(n, b);
  array_view<int_4, 1> ov(n, out);
  parallel_for_each(
      ov.extent, [=](index<1> i) restrict(amp) {
        ov[i] = assign_through_properties(av[i], bv[i]);
        ov[i].w = ov[i].w + 1;  // a property write on an element in global memory
        ov[i].yx = ov[i].xy;
      });
  ov.synchronize();
  for (int i = 0; i < n; ++i) {
    int_4 want = expected[i];
    want.w = want.w + 1;
    want.yx = want.xy;
    AMP_CHECK(out[i] == want);
  }
  return amp_check::finish("swizzle_writes_test");
}
