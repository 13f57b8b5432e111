// The fixed twins of rejected/barrier_*: barriers the whole tile reaches, under
// conditions on the tile, on captured values, on tile_static data every thread
// reads alike, and in helpers called with tile-uniform arguments.
#include <amp.h>
using namespace concurrency;
void settle(const tiled_index<64>& idx, int rounds) restrict(amp) {
  for (int r = 0; r < rounds; ++r) idx.barrier.wait();
}
void lane_of(const tiled_index<64>& idx, int& lane) restrict(amp) { lane = idx.local[0]; }
void run(array_view<int, 1> data, int n, int rounds) {
  parallel_for_each(data.extent.tile<64>(), [=](tiled_index<64> idx) restrict(amp) {
    tile_static int shared[64];
    tile_static int count;
    // The even threads write; every thread waits.
    if (idx.local[0] % 2 == 0) shared[idx.local[0]] = data[idx.global];
    idx.barrier.wait();
    // Uniform over the tile: its index, captured values, a helper's uniform argument.
    if (idx.tile[0] % 2 == 0) idx.barrier.wait_with_tile_static_memory_fence();
    for (int i = idx.tile_origin[0]; i < n; i += 256) idx.barrier.wait();
    settle(idx, rounds);
    int lane = 0;
    lane_of(idx, lane);
    if (lane == 0) count = n / 2;  // one thread writes, all read after the barrier
    idx.barrier.wait();
    while (count > 0 && rounds > 1) {
      idx.barrier.wait();
      if (lane == 0) count -= 1;
      idx.barrier.wait();
    }
    data[idx.global] = shared[(idx.local[0] + 2) % 64] + lane;
  });
}
int main() { return 0; }
