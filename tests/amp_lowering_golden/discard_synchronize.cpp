// Construct: discard_data(), synchronize() and refresh() around a kernel.
// Why this OpenCL: they are host-side coherence operations; the kernel is the plain view
// kernel and mentions none of them.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK-NOT:  discard_data
// CHECK-NOT:  synchronize(
// CHECK-NOT:  refresh(
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_1 i_) {
// CHECK-NEXT: {
// CHECK-NEXT: (*array_view_int_1_subscript(&this_->v, &i_)) = (5 * (*index_1_subscript{{[_0-9]*}}(&i_, 0u)));
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NOT:  discard_data
// CHECK-NOT:  synchronize(
// CHECK-NOT:  refresh(
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(

#include "golden.h"
using namespace concurrency;

// discard_data(), synchronize() and refresh() are host-side coherence calls: the
// kernel between them is the plain view access, with no trace of them.
int main() {
  const int n = 16;
  std::vector<int> out(n, poison);
  array_view<int, 1> v(n, out);
  v.discard_data();
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = 5 * i[0]; });
  v.synchronize();
  for (int i = 0; i < n; ++i) EXPECT_EQ(out[i], 5 * i);
  out[3] = 99;
  v.refresh();
  EXPECT_EQ(v[3], 99);
  return golden_report("discard_synchronize");
}
