// Construct: switch with a shared case, a fall-through and default, in a
// restrict(cpu, amp) function.
// Why this OpenCL: OpenCL C's switch is C's: labels, breaks and the fall-through from
// case 3 into case 4 are kept as written (no break inserted).
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK-LABEL: int classify(int x) {
// CHECK:      switch (x % 6)
// CHECK:      case 0:
// CHECK-NEXT:   r = 10;
// CHECK-NEXT: break;
// CHECK-NEXT: case 1:
// CHECK-NEXT:   case 2:
// CHECK-NEXT:     r = 20;
// CHECK-NEXT: break;
// CHECK-NEXT: case 3:
// CHECK-NEXT:   r = 30;
// CHECK-NEXT: case 4:
// CHECK-NEXT:   r += 5;
// CHECK-NEXT: break;
// CHECK-NEXT: default:
// CHECK-NEXT:   r = -1;
// CHECK:      return r;
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_1 i_) {
// CHECK:      = classify((*index_1_subscript{{[_0-9]*}}(&i_, 0u)));

#include "golden.h"
using namespace concurrency;

int classify(int x) restrict(cpu, amp) {
  int r = 0;
  switch (x % 6) {
    case 0:
      r = 10;
      break;
    case 1:
    case 2:
      r = 20;  // shared case
      break;
    case 3:
      r = 30;  // falls through
    case 4:
      r += 5;
      break;
    default:
      r = -1;
  }
  return r;
}

int main() {
  const int n = 30;
  std::vector<int> out(n, poison);
  array_view<int, 1> v(n, out);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = classify(i[0]); });
  for (int i = 0; i < n; ++i) EXPECT_EQ(v[i], classify(i));
  return golden_report("switch_stmt");
}
