// The loop's bound comes back through a pointer, which the barrier check does not
// follow: it cannot prove the barrier uniform, so it accepts the code with a
// warning that names the run-time check.
#include <amp.h>
using namespace concurrency;
void rounds_into(int* out, int n) restrict(amp) { *out = n / 64; }
void settle(array_view<int, 1> data, int n) {
  parallel_for_each(data.extent.tile<64>(), [=](tiled_index<64> idx) restrict(amp) {
    int rounds = 0;
    rounds_into(&rounds, n);
    for (int r = 0; r < rounds; ++r)
      idx.barrier.wait();  // warning: the barrier check could not prove that every thread of a tile reaches this tile_barrier::wait (the condition at line 11): whether it does depends on a value the check does not follow (a variable whose address is taken, a call through a pointer); if the threads of a tile can disagree there, the program hangs or computes garbage: check it at run time with `ampcl-racecheck -- ./program`
    data[idx.global] = rounds;
  });
}
int main() { return 0; }
