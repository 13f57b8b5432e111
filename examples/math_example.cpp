// "C++ AMP Overview", math library: the base-10 logarithm of each value, with
// fast_math. Prints 0 1 1.77815 2 2.77815 3, one per line.
//
// Differences from the document, each forced by C++ AMP code that does not carry over:
// - The lambda reads numbers[idx], the captured host array, and writes logs[idx];
//   logs is a view of numbers, so the kernel (kernels/math_example.cl) reads and
//   writes logs in place: the same values, through the view.
// - fast_math::log10 takes and returns float (fast_math is single precision), so the
//   double is narrowed to float and the result widened back, as in C++ AMP.
// - double needs cl_khr_fp64. Devices without it (some Intel GPUs) run the same
//   program with float elements; the printed values are the same.
#include <ampcl/ampcl.hpp>
#include <iostream>
#include <type_traits>

#include "example_kernels.hpp"

using namespace ampcl;

template <class Real>
void MathExample() {
  Real numbers[] = {1.0, 10.0, 60.0, 100.0, 600.0, 1000.0};
  array_view<Real, 1> logs(6, numbers);
  parallel_for_each(
      logs.get_extent(),
      // [=](index<1> idx) restrict(amp) { logs[idx] = concurrency::fast_math::log10(numbers[idx]);
      // }
      kernel::from_file(ampcl_examples::kernel_path("math_example.cl"), "math_example")
          .define("REAL", std::is_same_v<Real, double> ? "double" : "float"),
      logs);
  for (int i = 0; i < 6; i++) {
    std::cout << logs[i] << "\n";
  }
}

int main() {
  if (accelerator().get_supports_double_precision()) {
    MathExample<double>();
  } else {
    MathExample<float>();
  }
}
