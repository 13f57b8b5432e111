// Construct: a mutable kernel lambda changing its by-value capture.
// Why this OpenCL: the lambda object is each work-item's private copy, rebuilt from the
// kernel's parameters, so the change is per work-item, as C++ AMP says.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_1 i_) {
// CHECK:      this_->counter += (*index_1_subscript{{[_0-9]*}}(&i_, 0u));
// CHECK-NEXT: (*array_view_int_1_subscript(&this_->v, &i_)) = this_->counter;
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(int counter,
// CHECK:        lambda_{{[0-9]+}} arg0;
// CHECK:        arg0.counter = counter;

#include "golden.h"
using namespace concurrency;

// A mutable kernel lambda changes its own copy of a captured value, per work-item.
int main() {
  const int n = 16;
  std::vector<int> out(n, poison);
  array_view<int, 1> v(n, out);
  int counter = 100;
  parallel_for_each(v.extent, [=](index<1> i) mutable restrict(amp) {
    counter += i[0];
    v[i] = counter;
  });
  for (int i = 0; i < n; ++i) EXPECT_EQ(v[i], 100 + i);
  return golden_report("mutable_lambda");
}
