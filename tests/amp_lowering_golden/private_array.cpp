// Construct: a local array in a kernel (private memory), filled and indexed dynamically.
// Why this OpenCL: a local array without address space qualifier is private in OpenCL C,
// per work-item, as in C++ AMP; it is not hoisted to __local.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK-NOT:  __local
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_1 i_) {
// CHECK:      int fib[12];
// CHECK-NEXT: fib[0] = 0;
// CHECK-NEXT: fib[1] = 1;
// CHECK:      fib[k] = (fib[(k - 1)] + fib[(k - 2)]);
// CHECK:      = fib[((*index_1_subscript{{[_0-9]*}}(&i_, 0u)) % 12)];
// CHECK-NOT:  __local
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(
// CHECK-NOT:  __local

#include "golden.h"
using namespace concurrency;

int main() {
  const int n = 24;
  std::vector<int> out(n, poison);
  array_view<int, 1> v(n, out);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    int fib[12];
    fib[0] = 0;
    fib[1] = 1;
    for (int k = 2; k < 12; ++k) fib[k] = fib[k - 1] + fib[k - 2];
    v[i] = fib[i[0] % 12];
  });
  const int fib[12] = {0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89};
  for (int i = 0; i < n; ++i) EXPECT_EQ(v[i], fib[i % 12]);
  return golden_report("private_array");
}
