// "C++ AMP Overview", parallel_for_each: AddArrays with the work in a lambda.
// Prints 7 9 11 13 15, one per line.
//
// OpenCL has no C++ lambdas: the lambda body is the __kernel add_arrays in
// kernels/add_arrays.cl, and the captured views are its arguments, in order.
#include <ampcl/ampcl.hpp>
#include <iostream>

#include "example_kernels.hpp"

using namespace ampcl;

void AddArrays() {
  int aCPP[] = {1, 2, 3, 4, 5};
  int bCPP[] = {6, 7, 8, 9, 10};
  int sumCPP[5] = {0, 0, 0, 0, 0};
  array_view<int, 1> a(5, aCPP);
  array_view<int, 1> b(5, bCPP);
  array_view<int, 1> sum(5, sumCPP);
  // [=](index<1> idx) restrict(amp) { sum[idx] = a[idx] + b[idx]; }
  const kernel lambda =
      kernel::from_file(ampcl_examples::kernel_path("add_arrays.cl"), "add_arrays");
  parallel_for_each(sum.get_extent(), lambda, a, b, sum);
  for (int i = 0; i < 5; i++) std::cout << sum[i] << "\n";
}

int main() {
  AddArrays();
}
