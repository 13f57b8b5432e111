// "C++ AMP Overview", parallel_for_each: AddArraysWithFunction, where the lambda
// calls a separate restrict(amp) function AddElements. Prints 7 9 11 13 15, one
// per line.
//
// In OpenCL C the separate kernel function is a helper function, AddElements in
// kernels/add_elements.cl, that the __kernel calls with the index and the views.
#include <ampcl/ampcl.hpp>
#include <iostream>

#include "example_kernels.hpp"

using namespace ampcl;

void AddArraysWithFunction() {
  int aCPP[] = {1, 2, 3, 4, 5};
  int bCPP[] = {6, 7, 8, 9, 10};
  int sumCPP[5] = {0, 0, 0, 0, 0};
  array_view<int, 1> a(5, aCPP);
  array_view<int, 1> b(5, bCPP);
  array_view<int, 1> sum(5, sumCPP);
  // [=](index<1> idx) restrict(amp) { AddElements(idx, sum, a, b); }
  const kernel lambda =
      kernel::from_file(ampcl_examples::kernel_path("add_elements.cl"), "add_arrays_with_function");
  parallel_for_each(sum.get_extent(), lambda, sum, a, b);
  for (int i = 0; i < 5; i++) std::cout << sum[i] << "\n";
}

int main() {
  AddArraysWithFunction();
}
