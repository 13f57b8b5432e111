// "C++ AMP Overview", tiles and barriers: each value of a 4x6 sample replaced by
// the (integer) average of its 2x2 tile. Prints
//   3 3 8 8 3 3
//   3 3 8 8 3 3
//   5 5 2 2 4 4
//   5 5 2 2 4 4
// (each value followed by one space, as the document's code prints it).
#include <ampcl/ampcl.hpp>
#include <iostream>

#include "example_kernels.hpp"

using namespace ampcl;

void TileAverage() {
  // Sample data:
  int sampledata[] = {2, 2, 9, 7, 1, 4,  //
                      4, 4, 8, 8, 3, 4,  //
                      1, 5, 1, 2, 5, 2,  //
                      6, 8, 3, 2, 7, 2};
  // The tiles:
  // 2 2    9 7    1 4
  // 4 4    8 8    3 4
  //
  // 1 5    1 2    5 2
  // 6 8    3 2    7 2
  // Averages:
  int averagedata[] = {0, 0, 0, 0, 0, 0,  //
                       0, 0, 0, 0, 0, 0,  //
                       0, 0, 0, 0, 0, 0,  //
                       0, 0, 0, 0, 0, 0};
  array_view<int, 2> sample(4, 6, sampledata);
  array_view<int, 2> average(4, 6, averagedata);
  parallel_for_each(
      // Create threads for sample.extent and divide the extent into 2 x 2 tiles.
      sample.get_extent().tile<2, 2>(),
      // [=](tiled_index<2,2> idx) restrict(amp) {...}: kernels/tile_average.cl
      kernel::from_file(ampcl_examples::kernel_path("tile_average.cl"), "tile_average"), sample,
      average);
  for (int i = 0; i < 4; i++) {
    for (int j = 0; j < 6; j++) {
      std::cout << average(i, j) << " ";
    }
    std::cout << "\n";
  }
}

int main() {
  TileAverage();
}
