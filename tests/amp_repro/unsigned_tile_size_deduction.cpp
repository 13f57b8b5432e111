// Cause msvc-deduction-leniency (front end, Visual C++ dialect; was counted as the programs'
// own bug): a template parameter 'unsigned int' deduced from C++ AMP's 'int' parameter of
// tiled_index<N>, array_view<T, N> or extent<N> ('template <unsigned int tile_size> void
// reduce_tile(T*, tiled_index<tile_size>, ...)' in C++ AMP Algorithms; 'unsigned int rank'
// from array_view<T, int N> in C++ AMP BLAS, and the C++ AMP book's transpose). [temp.deduct.type]
// says deduction fails when the types differ, and Clang enforces it ("deduced non-type
// template argument does not have the same type as the corresponding template parameter
// ('int' vs 'unsigned int')"); Visual C++ converted the value. Should: build, as in Visual C++.
// flags:
// bug: build
#include <amp.h>
#include <vector>
using namespace concurrency;

template <unsigned int tile_size>
int local_of(tiled_index<tile_size> t) restrict(amp) { return t.local[0]; }

int main() {
  std::vector<int> out(16);
  array_view<int, 1> o(16, out);
  parallel_for_each(o.extent.tile<16>(), [=](tiled_index<16> t) restrict(amp) { o[t.global] = local_of(t); });
  o.synchronize();
  return out[15] == 15 ? 0 : 1;
}
