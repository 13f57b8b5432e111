// Construct: a function overloaded on its restriction (restrict(cpu) beside
// restrict(amp)), called from a kernel and from the host.
// Why this OpenCL: a kernel calls the restrict(amp) overload only; the restrict(cpu) one
// never reaches the OpenCL C (its body, `return 1000 + x`, does not appear).
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK-NOT:  1000
// CHECK-LABEL: int where(int x) {
// CHECK-NEXT: {
// CHECK-NEXT:   return (2000 + x);
// CHECK-NOT:  1000
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_1 i_) {
// CHECK:      = where((*index_1_subscript{{[_0-9]*}}(&i_, 0u)));
// CHECK-NOT:  1000

#include "golden.h"
using namespace concurrency;

int where(int x) restrict(cpu) { return 1000 + x; }
int where(int x) restrict(amp) { return 2000 + x; }

int main() {
  const int n = 8;
  std::vector<int> out(n, poison);
  array_view<int, 1> v(n, out);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = where(i[0]); });
  for (int i = 0; i < n; ++i) {
    EXPECT_EQ(v[i], 2000 + i);
    EXPECT_EQ(where(i), 1000 + i);
  }
  return golden_report("restrict_overload");
}
