// A function that returns a writable reference to one of two operands, called from a
// kernel with a tile_static element and a local: its result would point to two kinds of
// memory, which OpenCL C 1.2 cannot type. (A const reference returns the value:
// accepted/reference_return_two_memories.cpp.)
#include <amp.h>
using namespace concurrency;

int& pick(int& a, int& b) restrict(amp) {  // error: 'pick' returns a writable reference or pointer to one of its arguments
  return a > b ? a : b;
}

void run(array_view<int, 1> out) {
  parallel_for_each(out.extent.tile<16>(), [=](tiled_index<16> t) restrict(amp) {
    tile_static int staged[16];
    staged[t.local[0]] = t.global[0];
    t.barrier.wait();
    int mine = 3;
    pick(staged[0], mine) += 1;
    out[t.global] = mine;
  });
}
