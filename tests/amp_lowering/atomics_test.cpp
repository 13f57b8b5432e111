// Atomics on global and tile_static memory: a histogram, min/max, exchange and
// compare-exchange (one winner per slot).
#include "check.h"

using namespace concurrency;

int main() {
  const int n = 4096, bins = 16;
  std::vector<int> in(n);
  for (int i = 0; i < n; ++i) in[i] = (i * 7919) % 1009;
  array_view<const int, 1> iv(n, in);
  std::vector<int> hist(bins, 0), extremes(2), winners(bins, -1);
  extremes[0] = 1 << 30;
  extremes[1] = -(1 << 30);
  array_view<int, 1> hv(bins, hist), ev(2, extremes), wv(bins, winners);
  parallel_for_each(iv.extent.tile<256>(), [=](tiled_index<256> ti) restrict(amp) {
    tile_static int local_hist[16];
    if (ti.local[0] < 16) local_hist[ti.local[0]] = 0;
    ti.barrier.wait();
    const int v = iv[ti.global];
    atomic_fetch_add(&local_hist[v % 16], 1);
    atomic_fetch_min(&ev[0], v);
    atomic_fetch_max(&ev[1], v);
    int expected = -1;
    atomic_compare_exchange(&wv[v % 16], &expected, ti.global[0]);
    ti.barrier.wait();
    if (ti.local[0] < 16) atomic_fetch_add(&hv[ti.local[0]], local_hist[ti.local[0]]);
  });
  std::vector<int> want(bins, 0);
  int lo = 1 << 30, hi = -(1 << 30);
  for (int v : in) {
    ++want[v % bins];
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  for (int b = 0; b < bins; ++b) {
    CHECK_EQ(hv[b], want[b]);
    // The winner is one of the elements that fall in the bin.
    const int w = wv[b];
    CHECK_EQ(w >= 0 && w < n && in[w] % bins == b, true);
  }
  CHECK_EQ(ev[0], lo);
  CHECK_EQ(ev[1], hi);
  return report("atomics");
}
