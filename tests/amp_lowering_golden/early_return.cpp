// Construct: an early return from the kernel lambda.
// Why this OpenCL: the lambda is a function the kernel calls, so `return` leaves that
// work-item's call only, and the kernel has nothing after the call.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_1 i_) {
// CHECK:      if (((*index_1_subscript{{[_0-9]*}}(&i_, 0u)) % 3) == 0)
// CHECK-NEXT:   return;
// CHECK-NEXT: (*array_view_int_1_subscript(&this_->v, &i_)) = (*index_1_subscript{{[_0-9]*}}(&i_, 0u));
// CHECK-LABEL: void kernel_entry(
// CHECK:      lambda_{{[0-9]+}}_call((f), thread_index((e)));
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(
// CHECK:      kernel_entry(&arg0, &arg1);
// CHECK-NEXT: }

#include "golden.h"
using namespace concurrency;

int main() {
  const int n = 30;
  std::vector<int> out(n, poison);
  array_view<int, 1> v(n, out);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    if (i[0] % 3 == 0) return;  // these elements stay as they were
    v[i] = i[0];
  });
  for (int i = 0; i < n; ++i) EXPECT_EQ(v[i], i % 3 == 0 ? poison : i);
  return golden_report("early_return");
}
