// Construct: a lambda defined in a kernel calling another lambda captured by reference.
// Why this OpenCL: each lambda is a struct of its captures and a function taking it;
// the by-reference capture is a pointer to the other lambda object (in private memory);
// `bias` is a constant (const int from a literal, not odr-used), folded to 11 as C++ does.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK:      struct lambda_{{[0-9]+}} {
// CHECK-NEXT:   int bias;
// CHECK-NEXT:   array_view_int_1 v;
// CHECK:      struct [[INNER:lambda_[0-9]+]] {
// CHECK-NEXT:   int bias;
// CHECK-NEXT: };
// CHECK:        [[INNER]] *add;
// CHECK:      int [[INNER]]_call([[INNER]] *this_, int x) {
// CHECK:      return (x + 11);
// CHECK:      int [[OUTER:lambda_[0-9]+]]_call(lambda_{{[0-9]+}} *this_, int x) {
// CHECK:      return [[INNER]]_call((this_->add), (2 * x));
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_1 i_) {
// CHECK:      [[INNER]] add = (tmp{{[0-9]+}}.bias = 11, tmp{{[0-9]+}});
// CHECK-NEXT: [[OUTER]] twice_then_add = (tmp{{[0-9]+}}.add = &add, tmp{{[0-9]+}});
// CHECK-NEXT: = [[OUTER]]_call(&twice_then_add, (*index_1_subscript{{[_0-9]*}}(&i_, 0u)));
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(int bias,

#include "golden.h"
using namespace concurrency;

int main() {
  const int n = 24;
  std::vector<int> out(n, poison);
  array_view<int, 1> v(n, out);
  const int bias = 11;
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    auto add = [bias](int x) restrict(amp) { return x + bias; };
    auto twice_then_add = [&add](int x) restrict(amp) { return add(2 * x); };
    v[i] = twice_then_add(i[0]);
  });
  for (int i = 0; i < n; ++i) EXPECT_EQ(v[i], 2 * i + bias);
  return golden_report("lambda_calls_lambda");
}
