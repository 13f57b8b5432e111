// "C++ AMP Overview", extent class: the length of each dimension of a 2x3x4
// array_view, first built from explicit sizes, then from an extent<3> object.
// Host code only: no kernel runs.
//
// C++ AMP's `a.extent` property is `a.get_extent()` in ampcl (the property is a
// Microsoft compiler extension).
#include <ampcl/ampcl.hpp>
#include <iostream>

using namespace ampcl;

void ExtentFromSizes() {
  int aCPP[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  // There are 3 rows and 4 columns, and the depth is two.
  array_view<int, 3> a(2, 3, 4, aCPP);
  std::cout << "The number of columns is " << a.get_extent()[2] << "\n";
  std::cout << "The number of rows is " << a.get_extent()[1] << "\n";
  std::cout << "The depth is " << a.get_extent()[0] << "\n";
  std::cout << "Length in most significant dimension is " << a.get_extent()[0] << "\n";
}

void ExtentFromExtentObject() {
  int aCPP[] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12,
                13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24};
  extent<3> e(2, 3, 4);
  array_view<int, 3> a(e, aCPP);
  std::cout << "The number of columns is " << a.get_extent()[2] << "\n";
  std::cout << "The number of rows is " << a.get_extent()[1] << "\n";
  std::cout << "The depth is " << a.get_extent()[0] << "\n";
}

int main() {
  ExtentFromSizes();
  ExtentFromExtentObject();
}
