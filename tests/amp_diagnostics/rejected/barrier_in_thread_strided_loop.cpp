// Each thread strides from its own global index, so the threads of a tile run
// the loop a different number of times unless n happens to suit the tile.
#include <amp.h>
using namespace concurrency;
void sums(array_view<int, 1> data, int n) {
  parallel_for_each(extent<1>(256).tile<64>(), [=](tiled_index<64> idx) restrict(amp) {
    tile_static int shared[64];
    for (int i = idx.global[0]; i < n; i += 256) {
      shared[idx.local[0]] = data[i];
      idx.barrier.wait();  // error: tile_barrier::wait is reached under control flow that differs between the threads of a tile (the condition at line 8)
      data[i] = shared[63 - idx.local[0]];
      idx.barrier.wait();
    }
  });
}
int main() { return 0; }
