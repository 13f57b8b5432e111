// "C++ AMP Overview", array class: a deep copy of {0, 1, 2, 3, 4} on the
// accelerator, multiplied by 10 there, copied back through the vector
// conversion operator. Prints 0 10 20 30 40, one per line.
//
// C++ AMP: parallel_for_each(a.extent, [=, &a](index<1> idx) restrict(amp) {
//              a[idx] = a[idx] * 10; });
// ampcl:   the lambda body is the kernel multiply_by_ten in
//          kernels/array_example.cl; `a` is passed as its argument.
#include <ampcl/ampcl.hpp>
#include <iostream>
#include <vector>

#include "example_kernels.hpp"

using namespace ampcl;

int main() {
  const kernel multiply_by_ten =
      kernel::from_file(ampcl_examples::kernel_path("array_example.cl"), "multiply_by_ten");

  std::vector<int> data(5);
  for (int count = 0; count < 5; count++) data[count] = count;
  // C++ AMP: array<int, 1> a(5, data.begin(), data.end());
  array<int, 1> a(extent<1>(5), data.begin(), data.end());
  parallel_for_each(a.get_extent(), multiply_by_ten, a);
  data = a;
  for (int i = 0; i < 5; i++) std::cout << data[i] << "\n";
}
