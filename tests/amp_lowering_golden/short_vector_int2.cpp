// Construct: int_2: construction from two ints, a swizzle (yx), +=, a component shift
// (a.x = a.x << 1), vector - vector.
// Why this OpenCL: int_2 is a struct of two ints; yx builds a new int_2 from (y, x); the
// compound assignment is component-wise on the struct's fields.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK:      struct int_2 {
// CHECK-NEXT:   int _M_x;
// CHECK-NEXT:   int _M_y;
// CHECK-NEXT: };
// CHECK-LABEL: int_2 int_2_get_yx(int_2 *this_) {
// CHECK:      int_2_construct{{[_0-9]*}}(&tmp{{[0-9]+}}, this_->_M_y, this_->_M_x)
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_1 i_) {
// CHECK:      int_2_construct{{[_0-9]*}}(&a, (*index_1_subscript{{[_0-9]*}}(&i_, 0u)), (3 * (*index_1_subscript{{[_0-9]*}}(&i_, 0u))));
// CHECK-NEXT: int_2 b = ({{.*}}int_2_get_yx(
// CHECK-NEXT: int_2_plus_assign(&a, &b);
// CHECK-NEXT: int_2_get_x({{.*}}) << 1), int_2_set_x(
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(
// CHECK:          __global int_2 *ov,

#include "golden.h"
#include <amp_short_vectors.h>
using namespace concurrency;
using namespace concurrency::graphics;

int main() {
  const int n = 16;
  std::vector<int_2> out(n, int_2(poison));
  array_view<int_2, 1> ov(n, out);
  parallel_for_each(ov.extent, [=](index<1> i) restrict(amp) {
    int_2 a(i[0], 3 * i[0]);
    int_2 b = a.yx;
    a += b;
    a.x = a.x << 1;
    ov[i] = a - int_2(1, 2);
  });
  for (int i = 0; i < n; ++i) {
    EXPECT_EQ(ov[i].x, ((i + 3 * i) << 1) - 1);
    EXPECT_EQ(ov[i].y, 3 * i + i - 2);
  }
  return golden_report("short_vector_int2");
}
