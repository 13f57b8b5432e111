// tile_static in nested scopes and in helper functions (hoisted to the kernel and
// passed down), barriers in helpers and loops, a tiled reduction, the older
// parallel_for_each<D0, ...>(extent, f) form.
#include "check.h"

using namespace concurrency;

// A helper with its own tile_static buffer: every thread of the tile shares it.
int tile_sum(int value, const tiled_index<64>& ti) restrict(amp) {
  tile_static int buffer[64];
  buffer[ti.local[0]] = value;
  ti.barrier.wait();
  for (int stride = 32; stride > 0; stride /= 2) {
    if (ti.local[0] < stride) buffer[ti.local[0]] += buffer[ti.local[0] + stride];
    ti.barrier.wait();
  }
  return buffer[0];
}

int main() {
  const int n = 1024;
  std::vector<int> in(n), sums(n / 64, poison), copies(n, poison);
  for (int i = 0; i < n; ++i) in[i] = (i * 37) % 101;
  array_view<const int, 1> iv(n, in);
  array_view<int, 1> sv(n / 64, sums), cv(n, copies);
  parallel_for_each(iv.extent.tile<64>(), [=](tiled_index<64> ti) restrict(amp) {
    const int total = tile_sum(iv[ti.global], ti);
    if (ti.local[0] == 0) sv[ti.tile[0]] = total;
    {
      tile_static int mirror[64];  // a nested scope
      mirror[63 - ti.local[0]] = iv[ti.global];
      ti.barrier.wait_with_tile_static_memory_fence();
      cv[ti.global] = mirror[ti.local[0]];
    }
  });
  for (int t = 0; t < n / 64; ++t) {
    int want = 0;
    for (int i = 0; i < 64; ++i) want += in[t * 64 + i];
    CHECK_EQ(sv[t], want);
  }
  for (int i = 0; i < n; ++i) CHECK_EQ(cv[i], in[(i / 64) * 64 + 63 - i % 64]);

  // The older form: the tile as template arguments on a plain extent, rank 2 and,
  // on an explicit view, rank 1.
  std::vector<int> tiles(8 * 16, poison), flat(n, poison);
  array_view<int, 2> tv(8, 16, tiles);
  parallel_for_each<4, 8>(tv.extent, [=](tiled_index<4, 8> t) restrict(amp) {
    tv[t.global] = t.tile[0] * 1000 + t.tile[1] * 100 + t.local[0] * 10 + t.local[1];
  });
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 16; ++c)
      CHECK_EQ(tv(r, c), (r / 4) * 1000 + (c / 8) * 100 + (r % 4) * 10 + c % 8);
  array_view<int, 1> fv(n, flat);
  parallel_for_each<128>(accelerator().default_view, fv.extent, [=](tiled_index<128> t) restrict(amp) {
    fv[t.global] = t.tile[0] * 1000 + t.local[0];
  });
  for (int i = 0; i < n; ++i) CHECK_EQ(fv[i], (i / 128) * 1000 + i % 128);
  return report("tile_static");
}
