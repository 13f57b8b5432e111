// A kernel launched on tiles of 1025 threads: C++ AMP allows at most 1024, checked
// where the tiled parallel_for_each is called (conformance NegGrouped.05-.07); a
// tiled_extent alone may be larger (4_2_3_m/tile tests).
#include <amp.h>

int main() {
  concurrency::extent<2> e(50, 82);
  concurrency::tiled_extent<25, 41> tiles = e.tile<25, 41>();
  concurrency::parallel_for_each(tiles, [=](concurrency::tiled_index<25, 41>) restrict(amp) {});
  return 0;
}
