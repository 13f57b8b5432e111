// A thread leaves the loop when its own element is large enough; the others wait
// at the loop's barrier for it.
#include <amp.h>
using namespace concurrency;
void rounds(array_view<int, 1> data) {
  parallel_for_each(data.extent.tile<64>(), [=](tiled_index<64> idx) restrict(amp) {
    for (int r = 0; r < 4; ++r) {
      if (data[idx.global] > r) break;
      idx.barrier.wait();  // error: tile_barrier::wait is reached under control flow that differs between the threads of a tile (the condition at line 8, under which a break at line 8 skips it)
    }
  });
}
int main() { return 0; }
