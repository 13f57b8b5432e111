// The threads past the end of the data return early; the rest of their tile then
// waits at a barrier they never reach.
#include <amp.h>
using namespace concurrency;
void halves(array_view<int, 1> data, int n) {
  parallel_for_each(data.extent.tile<64>(), [=](tiled_index<64> idx) restrict(amp) {
    tile_static int shared[64];
    if (idx.global[0] >= n) return;
    shared[idx.local[0]] = data[idx.global];
    idx.barrier.wait();  // error: tile_barrier::wait is reached under control flow that differs between the threads of a tile (the condition at line 8, under which a return at line 8 skips it)
    data[idx.global] = shared[63 - idx.local[0]];
  });
}
int main() { return 0; }
