// hcSPARSE's csrmm (compiled with --hcc, as HCC took it): each thread strides from
// its own global index to a bound only the data decide, with a tile barrier in
// the loop. Where n is not a multiple of the threads' stride, part of a tile
// leaves the loop and the rest waits at a barrier it never shares. ampcl-racecheck
// must report it at the wait below and at the loop's condition.
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  const int n = 200;  // 256 threads: the last tile's threads 200..255 never enter
  std::vector<int> host(n, 1);
  array_view<int, 1> data(n, host);
  parallel_for_each(extent<1>(256).tile<64>(), [=](tiled_index<64> idx) restrict(amp) {
    tile_static int shared[64];
    for (int i = idx.global[0]; i < n; i += 256) {
      shared[idx.local[0]] = data[i];
      idx.barrier.wait();
      data[i] = shared[63 - idx.local[0]];
    }
  });
  data.synchronize();
  std::printf("data[0] = %d\n", host[0]);
  return 0;
}
