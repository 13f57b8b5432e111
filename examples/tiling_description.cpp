// "Using Tiles", global, tile and local indices: an 8x9 matrix of Description
// structures in 2x3 tiles (12 tiles: 4 tile rows, 3 tile columns). The kernel
// records each element's global, tile and local index; the host prints them.
//
// Differences from the document: the console colours (SetConsoleColor,
// SetConsoleSize, windows.h) are left out, the output is plain text; main() does
// not wait for a key (`std::cin >> wait`), so the program can run unattended.
#include "tiling_description.hpp"

#include <ampcl/ampcl.hpp>
#include <iomanip>
#include <iostream>
#include <vector>

#include "example_kernels.hpp"

using namespace ampcl;

const int ROWS = 8;
const int COLS = 9;

// This method creates an 8x9 matrix of Description structures. In the call to
// parallel_for_each, the structure is updated with tile, global, and local indices.
void TilingDescription() {
  // Create 72 (8x9) Description structures.
  std::vector<Description> descs;
  for (int i = 0; i < ROWS * COLS; i++) {
    Description d = {i, 0, 0, 0, 0, 0, 0};
    descs.push_back(d);
  }

  // Create an array_view from the Description structures.
  extent<2> matrix(ROWS, COLS);
  array_view<Description, 2> descriptions(matrix, descs);

  // Update each Description with the tile, global, and local indices: the
  // lambda [=](tiled_index<2, 3> t_idx) restrict(amp) {...} is the kernel
  // tiling_description in kernels/tiling_description.cl.
  parallel_for_each(
      descriptions.get_extent().tile<2, 3>(),
      kernel::from_file(ampcl_examples::kernel_path("tiling_description.cl"), "tiling_description"),
      descriptions);

  // Print out the Description structure for each element in the matrix.
  for (int row = 0; row < ROWS; row++) {
    for (int column = 0; column < COLS; column++) {
      std::cout << "Value: " << std::setw(2) << descriptions(row, column).value << "      ";
    }
    std::cout << "\n";

    for (int column = 0; column < COLS; column++) {
      std::cout << "Tile:   "
                << "(" << descriptions(row, column).tileRow << ","
                << descriptions(row, column).tileColumn << ")  ";
    }
    std::cout << "\n";

    for (int column = 0; column < COLS; column++) {
      std::cout << "Global: "
                << "(" << descriptions(row, column).globalRow << ","
                << descriptions(row, column).globalColumn << ")  ";
    }
    std::cout << "\n";

    for (int column = 0; column < COLS; column++) {
      std::cout << "Local:  "
                << "(" << descriptions(row, column).localRow << ","
                << descriptions(row, column).localColumn << ")  ";
    }
    std::cout << "\n";
    std::cout << "\n";
  }
}

int main() {
  TilingDescription();
}
