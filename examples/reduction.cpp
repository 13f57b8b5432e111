// Beyond the documents: a tiled reduction written by hand (kernels/reduction.cl,
// one pass per tile level) next to the library's ampcl::reduce, both checked
// against a float64 sum on the host.
//   ampcl-reduction [COUNT]     (default 1000000; any count, the launch is padded)
#include <ampcl/ampcl.hpp>
#include <ampcl/reduce.hpp>  // the kernel library is not in ampcl.hpp
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <vector>

#include "example_kernels.hpp"

using namespace ampcl;

namespace {

constexpr int tile_size = 256;  // a power of two: the kernel halves it each step

// Sums `in` by repeated passes: each tile of 256 leaves one partial sum.
float sum_by_tiles(array_view<const float, 1> in, const kernel& sum_tiles) {
  while (in.get_extent()[0] > 1) {
    const int tiles = (in.get_extent()[0] + tile_size - 1) / tile_size;
    array_view<float, 1> partial(tiles);  // no host data: lives on the device
    parallel_for_each(in.get_extent().tile<tile_size>().pad(), sum_tiles, in, partial);
    in = partial;
  }
  return in[0];
}

}  // namespace

int main(int argc, char** argv) {
  const int count = argc > 1 ? std::atoi(argv[1]) : 1000000;
  if (count <= 0) {
    std::cerr << "usage: ampcl-reduction [COUNT > 0]\n";
    return 2;
  }
  std::vector<float> values(count);
  for (int i = 0; i < count; ++i) values[i] = 1.0f / static_cast<float>(1 + i % 1000);
  double expected = 0;
  for (float v : values) expected += v;

  array_view<const float, 1> data(count, values);
  const kernel sum_tiles = kernel::from_file(ampcl_examples::kernel_path("reduction.cl"), "sum_tiles");
  const float by_hand = sum_by_tiles(data, sum_tiles);
  const float by_library = ampcl::reduce(data);

  // Tree sums in float: error grows with log2(count) roundings of the running total.
  const double bound = expected * std::log2(double(count) + 1) * std::ldexp(1.0, -22);
  const bool ok = std::abs(by_hand - expected) <= bound && std::abs(by_library - expected) <= bound;
  std::cout.precision(9);
  std::cout << "sum of " << count << " floats\n"
            << "  tiled by hand:  " << by_hand << "\n"
            << "  ampcl::reduce:  " << by_library << "\n"
            << "  host (float64): " << expected << "\n"
            << (ok ? "OK" : "WRONG") << "\n";
  return ok ? 0 : 1;
}
