// The thread's lane comes back through a reference parameter.
#include <amp.h>
using namespace concurrency;
void lane_of(const tiled_index<64>& idx, int& lane) restrict(amp) { lane = idx.local[0]; }
void leaders(array_view<int, 1> data) {
  parallel_for_each(data.extent.tile<64>(), [=](tiled_index<64> idx) restrict(amp) {
    int lane = 0;
    lane_of(idx, lane);
    if (lane == 0) {
      data[idx.global] = 1;
      idx.barrier.wait_with_global_memory_fence();  // error: tile_barrier::wait is reached under control flow that differs between the threads of a tile (the condition at line 9)
    }
  });
}
int main() { return 0; }
