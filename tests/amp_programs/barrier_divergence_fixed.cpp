// barrier_divergence.cpp with the loop's bound rounded up to whole tiles, so every
// thread of a tile runs it the same number of times, and the accesses guarded
// instead: ampcl-racecheck must find nothing.
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  const int n = 200;
  const int rounded = (n + 63) / 64 * 64;
  std::vector<int> host(n, 1);
  array_view<int, 1> data(n, host);
  parallel_for_each(extent<1>(256).tile<64>(), [=](tiled_index<64> idx) restrict(amp) {
    tile_static int shared[64];
    for (int start = idx.tile_origin[0]; start < rounded; start += 256) {
      const int i = start + idx.local[0];
      shared[idx.local[0]] = i < n ? data[i] : 0;
      idx.barrier.wait();
      if (i < n) data[i] = shared[idx.local[0] ^ 1];
      idx.barrier.wait();
    }
  });
  data.synchronize();
  std::printf("data[0] = %d\n", host[0]);
  return 0;
}
