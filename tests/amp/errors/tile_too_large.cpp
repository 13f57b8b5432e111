// A tile of 1025 threads: C++ AMP allows at most 1024, checked when the
// tiled_extent is named (conformance NegGrouped.05-.07).
#include <amp.h>

int main() {
  concurrency::extent<2> e(50, 82);
  concurrency::tiled_extent<25, 41> tiles = e.tile<25, 41>();
  return tiles[0] == 50 ? 0 : 1;
}
