// The flow-sensitive twin of rejected/barrier_in_thread_strided_loop: a loop
// variable first strides over the data from the thread's own index, then is
// reassigned from uniform values before the loops that hold the barriers (the
// reduction of the SDK samples and the book). A return, or a break out of a loop
// with a barrier, on a condition the whole tile shares skips nothing for part of
// the tile.
#include <amp.h>
using namespace concurrency;
void reduce(array_view<int, 1> data, int n) {
  parallel_for_each(data.extent.tile<64>(), [=](tiled_index<64> idx) restrict(amp) {
    if (n <= 0) return;  // the whole tile returns, or none of it
    tile_static int partial[64];
    int sum = 0;
    int i;
    for (i = idx.local[0]; i < n; i += 64) sum += data[i];
    partial[idx.local[0]] = sum;
    idx.barrier.wait();
    for (i = 32; i > 0; i /= 2) {
      if (idx.local[0] < i) partial[idx.local[0]] += partial[idx.local[0] + i];
      idx.barrier.wait();
    }
    int stride = idx.global[0];
    stride = 64;
    while (stride < n) {
      if (partial[0] > n) break;  // tile_static data the whole tile reads alike
      idx.barrier.wait();
      stride *= 2;
    }
    if (idx.local[0] == 0) data[idx.tile[0]] = partial[0];
  });
}
int main() { return 0; }
