// Cause reference-return-address-spaces (front end): a function returning a reference to
// one of its reference parameters (C++ AMP BLAS's utility/math.h:
// 'const T& max(const T& a, const T& b) { return a > b ? a : b; }'), called with a
// tile_static element and a local: its OpenCL clone must return one pointer type, and the
// two operands are in different address spaces, so the program failed to build at run time.
// Fixed: a clone returning a const reference to operands in two memories returns the value,
// which each call keeps in a private slot (lowering::returns_copy); a writable reference is
// an error at translation time.
// bug: run
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;
template <typename T>
const T& larger(const T& a, const T& b) restrict(cpu, amp) { return a > b ? a : b; }
int main() {
  const int n = 128;
  std::vector<int> in(n), out(n / 64, -1);
  for (int i = 0; i < n; ++i) in[i] = (i * 37) % 101;
  array_view<const int, 1> a(n, in);
  array_view<int, 1> o(n / 64, out);
  parallel_for_each(a.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int best[64];
    best[t.local[0]] = a[t.global];
    t.barrier.wait();
    if (t.local[0] == 0) {
      int m = -1;
      for (int i = 0; i < 64; ++i) m = larger(best[i], m);
      o[t.tile] = m;
    }
  });
  o.synchronize();
  int bad = 0;
  for (int b = 0; b < n / 64; ++b) {
    int m = -1;
    for (int i = 0; i < 64; ++i) m = in[b * 64 + i] > m ? in[b * 64 + i] : m;
    if (out[b] != m) ++bad;
  }
  std::printf("%s: %d wrong\n", bad ? "FAIL" : "PASS", bad);
  return bad;
}
