// Cause conditional-address-spaces (front end): a conditional whose operands are a
// tile_static element and a local, read for its value (Bolt's min_element.inl:
// 'scratch[i] = stat ? scratch[i] : element;', of int and of a user struct). The
// lowering wrote the lvalue conditional '*(c ? &scratch[i] : &element)', whose two
// pointers are in different OpenCL address spaces: the program failed to build at
// run time. Fixed: read for its value, it is 'c ? scratch[i] : element'.
// bug: run
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;
struct pair_t { int v; int i; };
int main() {
  const int n = 256;
  std::vector<int> in(n), out(n / 64, -1), outp(n / 64, -1);
  for (int i = 0; i < n; ++i) in[i] = (i * 37) % 101;
  array_view<const int, 1> a(n, in);
  array_view<int, 1> o(n / 64, out), op(n / 64, outp);
  parallel_for_each(a.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int scratch[64];
    tile_static pair_t best[64];
    const int l = t.local[0];
    scratch[l] = a[t.global];
    pair_t mine = {a[t.global], t.global[0]};
    best[l] = mine;
    t.barrier.wait();
    for (int s = 32; s > 0; s /= 2) {
      if (l < s) {
        int other = scratch[l + s];
        bool keep = scratch[l] >= other;
        scratch[l] = keep ? scratch[l] : other;
        pair_t cand = best[l + s];
        best[l] = best[l].v >= cand.v ? best[l] : cand;
      }
      t.barrier.wait();
    }
    if (l == 0) { o[t.tile] = scratch[0]; op[t.tile] = best[0].v; }
  });
  o.synchronize(); op.synchronize();
  int bad = 0;
  for (int b = 0; b < n / 64; ++b) {
    int m = -1;
    for (int i = 0; i < 64; ++i) m = in[b * 64 + i] > m ? in[b * 64 + i] : m;
    if (out[b] != m || outp[b] != m) ++bad;
  }
  std::printf("%s: %d wrong\n", bad ? "FAIL" : "PASS", bad);
  return bad;
}
