// The accepted twin of rejected/reference_return_two_memories.cpp: a const reference to
// one of two operands in different memories (C++ AMP BLAS's max) is only read, so the
// function returns the value and the call keeps it in a private slot.
#include <amp.h>
using namespace concurrency;

const int& larger(const int& a, const int& b) restrict(amp) { return a > b ? a : b; }

void run(array_view<int, 1> out) {
  parallel_for_each(out.extent.tile<16>(), [=](tiled_index<16> t) restrict(amp) {
    tile_static int staged[16];
    staged[t.local[0]] = t.global[0];
    t.barrier.wait();
    int mine = 3;
    const int& best = larger(staged[0], mine);
    out[t.global] = best + larger(mine, staged[1]);
  });
}
