// Construct: for with continue and break, while, do-while in a kernel.
// Why this OpenCL: C's loops are C++'s: the for keeps its init in an enclosing block
// (its scope), continue and break stay where they were, do-while keeps its trailing test.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_1 i_) {
// CHECK:      int k = 0;
// CHECK-NEXT: for (; k < 100; (++k))
// CHECK-NEXT:   {
// CHECK-NEXT:     if ((k % 3) == 0)
// CHECK-NEXT:       continue;
// CHECK-NEXT:     if (k > (*index_1_subscript{{[_0-9]*}}(&i_, 0u)))
// CHECK-NEXT:       break;
// CHECK-NEXT:     s += k;
// CHECK:      while (w > 10)
// CHECK-NEXT:   w -= 7;
// CHECK:      do
// CHECK-NEXT:   {
// CHECK-NEXT:     ++d;
// CHECK-NEXT:   }
// CHECK-NEXT: while (d < ((*index_1_subscript{{[_0-9]*}}(&i_, 0u)) % 5));
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(

#include "golden.h"
using namespace concurrency;

int main() {
  const int n = 40;
  std::vector<int> out(n, poison);
  array_view<int, 1> v(n, out);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    int s = 0;
    for (int k = 0; k < 100; ++k) {
      if (k % 3 == 0) continue;
      if (k > i[0]) break;
      s += k;
    }
    int w = i[0];
    while (w > 10) w -= 7;
    int d = 0;
    do {
      ++d;
    } while (d < i[0] % 5);
    v[i] = s * 10000 + w * 100 + d;
  });
  for (int i = 0; i < n; ++i) {
    int s = 0;
    for (int k = 0; k < 100; ++k) {
      if (k % 3 == 0) continue;
      if (k > i) break;
      s += k;
    }
    int w = i;
    while (w > 10) w -= 7;
    int d = 0;
    do {
      ++d;
    } while (d < i % 5);
    EXPECT_EQ(v[i], s * 10000 + w * 100 + d);
  }
  return golden_report("loops_break_continue");
}
