// "C++ AMP Overview", index class: three index<N> objects selecting one element
// of a rank-1, rank-2 and rank-3 array_view. Prints 3, 6 and 8.
// Host code only: no kernel runs.
//
// Porting note: with `using namespace ampcl;` a bare `index` is ambiguous on
// POSIX systems, where <strings.h> declares the C function ::index(). Write
// ampcl::index<N> (C++ AMP on Windows never met that function).
#include <ampcl/ampcl.hpp>
#include <iostream>

using namespace ampcl;

// The third element of a rank-1 view. Output: 3
void IndexRank1() {
  int aCPP[] = {1, 2, 3, 4, 5};
  array_view<int, 1> a(5, aCPP);
  ampcl::index<1> idx(2);
  std::cout << a[idx] << "\n";
}

// Row 1, column 2 of a 2x3 view. Output: 6
void IndexRank2() {
  int aCPP[] = {1, 2, 3, 4, 5, 6};
  array_view<int, 2> a(2, 3, aCPP);
  ampcl::index<2> idx(1, 2);
  std::cout << a[idx] << "\n";
}

// Depth 0, row 1, column 3 of a 2x3x4 view. Output: 8
void IndexRank3() {
  int aCPP[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  array_view<int, 3> a(2, 3, 4, aCPP);
  // Specifies the element at 3, 1, 0.
  ampcl::index<3> idx(0, 1, 3);
  std::cout << a[idx] << "\n";
}

int main() {
  IndexRank1();
  IndexRank2();
  IndexRank3();
}
