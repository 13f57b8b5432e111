// "C++ AMP Overview", introduction: adding {1, 2, 3, 4, 5} and {6, 7, 8, 9, 10}
// first with a plain loop (StandardMethod), then with C++ AMP objects
// (CppAmpMethod: read-only views for the inputs, discard_data() on the output).
// Each prints 7 9 11 13 15, one per line.
#include <ampcl/ampcl.hpp>
#include <iostream>

#include "example_kernels.hpp"

using namespace ampcl;

const int size = 5;

void StandardMethod() {
  int aCPP[] = {1, 2, 3, 4, 5};
  int bCPP[] = {6, 7, 8, 9, 10};
  int sumCPP[5];
  for (int idx = 0; idx < 5; idx++) sumCPP[idx] = aCPP[idx] + bCPP[idx];
  for (int idx = 0; idx < 5; idx++) std::cout << sumCPP[idx] << "\n";
}

void CppAmpMethod() {
  int aCPP[] = {1, 2, 3, 4, 5};
  int bCPP[] = {6, 7, 8, 9, 10};
  // Uninitialized in the document; filled with a value no correct kernel writes,
  // so a missed element would show.
  int sumCPP[size] = {-999, -999, -999, -999, -999};
  // Create C++ AMP objects.
  array_view<const int, 1> a(size, aCPP);
  array_view<const int, 1> b(size, bCPP);
  array_view<int, 1> sum(size, sumCPP);
  sum.discard_data();
  parallel_for_each(
      // Define the compute domain, which is the set of threads that are created.
      sum.get_extent(),
      // Define the code to run on each thread on the accelerator: the lambda
      // [=](index<1> idx) restrict(amp) { sum[idx] = a[idx] + b[idx]; }
      // is the kernel add_arrays in kernels/add_arrays.cl.
      kernel::from_file(ampcl_examples::kernel_path("add_arrays.cl"), "add_arrays"), a, b, sum);
  // Print the results. The expected output is "7, 9, 11, 13, 15".
  for (int i = 0; i < size; i++) std::cout << sum[i] << "\n";
}

int main() {
  StandardMethod();
  CppAmpMethod();
}
