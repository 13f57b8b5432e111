// The other way round: `rounds` starts uniform, so the first loop's barrier is
// fine, and is then reassigned from the thread's index before the second loop.
#include <amp.h>
using namespace concurrency;
void settle(array_view<int, 1> data, int n) {
  parallel_for_each(data.extent.tile<64>(), [=](tiled_index<64> idx) restrict(amp) {
    int rounds = n;
    for (int r = 0; r < rounds; ++r) idx.barrier.wait();
    rounds = idx.local[0] / 16;
    for (int r = 0; r < rounds; ++r) {
      idx.barrier.wait();  // error: tile_barrier::wait is reached under control flow that differs between the threads of a tile (the condition at line 10)
    }
    data[idx.global] = rounds;
  });
}
int main() { return 0; }
