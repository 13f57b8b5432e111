// The barrier is reached only by the even threads of each tile (conformance
// 8_1_1 Negative/Test.01: MSVC's C3561).
#include <amp.h>
using namespace concurrency;
void halves(array_view<int, 1> data) {
  parallel_for_each(data.extent.tile<64>(), [=](tiled_index<64> idx) restrict(amp) {
    tile_static int shared[64];
    if (idx.local[0] % 2 == 0) {
      shared[idx.local[0]] = data[idx.global];
      idx.barrier.wait();  // error: tile_barrier::wait is reached under control flow that differs between the threads of a tile (the condition at line 8)
      data[idx.global] = shared[(idx.local[0] + 2) % 64];
    }
  });
}
int main() { return 0; }
