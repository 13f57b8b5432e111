// An atomic returns a different value to each thread.
#include <amp.h>
using namespace concurrency;
void tickets(array_view<int, 1> data, array_view<int, 1> counter) {
  parallel_for_each(data.extent.tile<64>(), [=](tiled_index<64> idx) restrict(amp) {
    int ticket = atomic_fetch_add(&counter[0], 1);
    while (ticket < 4) {
      idx.barrier.wait();  // error: tile_barrier::wait is reached under control flow that differs between the threads of a tile (the condition at line 7)
      ticket += 4;
    }
    data[idx.global] = ticket;
  });
}
int main() { return 0; }
