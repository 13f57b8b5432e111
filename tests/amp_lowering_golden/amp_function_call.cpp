// Construct: calls of a restrict(amp) free function and of a restrict(cpu, amp) one.
// Why this OpenCL: each reached function is emitted once as an OpenCL C function with the
// same parameters and body (callees before callers, in the order first reached).
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK-LABEL: int twice(int x) {
// CHECK:      return (2 * x);
// CHECK-LABEL: int square_plus(int x, int y) {
// CHECK:      return ((x * x) + y);
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_1 i_) {
// CHECK:      (*array_view_int_1_subscript(&this_->v, &i_)) = twice(square_plus((*index_1_subscript{{[_0-9]*}}(&i_, 0u)), 3));
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(

#include "golden.h"
using namespace concurrency;

// A restrict(amp) free function and a restrict(cpu, amp) one.
int square_plus(int x, int y) restrict(amp) { return x * x + y; }
int twice(int x) restrict(cpu, amp) { return 2 * x; }

int main() {
  const int n = 32;
  std::vector<int> out(n, poison);
  array_view<int, 1> v(n, out);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = twice(square_plus(i[0], 3)); });
  for (int i = 0; i < n; ++i) EXPECT_EQ(v[i], twice(i * i + 3));
  return golden_report("amp_function_call");
}
