// flags: --hcc
// rejected/barrier_in_thread_strided_loop.cpp under --hcc: HCC never checked that
// barriers are tile-uniform, and code written for it (hcSPARSE's csrmv) strides
// from each thread's index to a bound only the data decide. It compiles, with a
// warning that names the run-time check; without --hcc it is an error.
#include <amp.h>
using namespace concurrency;
void sums(array_view<int, 1> data, int n) {
  parallel_for_each(extent<1>(256).tile<64>(), [=](tiled_index<64> idx) restrict(amp) {
    tile_static int shared[64];
    for (int i = idx.global[0]; i < n; i += 256) {
      shared[idx.local[0]] = data[i];
      idx.barrier.wait();  // warning: compiled as HCC did, but where the threads of a tile disagree at run time the program hangs or computes garbage (C++ AMP leaves it undefined); check it with `ampcl-racecheck -- ./program`
      data[i] = shared[63 - idx.local[0]];
      idx.barrier.wait();  // warning: tile_barrier::wait is reached under control flow that differs between the threads of a tile (the condition at line 11)
    }
  });
}
int main() { return 0; }
