// The helper waits under `rounds > 0`: uniform in itself, thread-dependent where
// a caller passes its own index.
#include <amp.h>
using namespace concurrency;
void settle(const tiled_index<64>& idx, int rounds) restrict(amp) {
  for (int r = 0; r < rounds; ++r) idx.barrier.wait();
}
void run(array_view<int, 1> data) {
  parallel_for_each(data.extent.tile<64>(), [=](tiled_index<64> idx) restrict(amp) {
    int mine = idx.local[0] / 16;
    settle(idx, mine);  // error: this call of 'settle', which waits at a tile barrier, is reached under control flow that differs between the threads of a tile
    data[idx.global] = mine;
  });
}
int main() { return 0; }
