// Construct: concurrency::fast_math functions (sin, exp, sqrt).
// Why this OpenCL: fast_math allows reduced precision, which OpenCL's native_* builtins
// give; no full-precision builtin may appear for them.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_1 i_) {
// CHECK:      float x = (((float)(*index_1_subscript{{[_0-9]*}}(&i_, 0u))) * 0.0500000007f);
// CHECK-NEXT: (*array_view_float_1_subscript(&this_->sv, &i_)) = (native_sin((x)));
// CHECK-NEXT: (*array_view_float_1_subscript(&this_->ev, &i_)) = (native_exp((x)));
// CHECK-NEXT: (*array_view_float_1_subscript(&this_->qv, &i_)) = (native_sqrt((x)));
// CHECK-NOT:  {{[^_]}}sin(
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(

#include "golden.h"
#include <amp_math.h>
using namespace concurrency;

int main() {
  const int n = 64;
  std::vector<float> s(n, -1.0f), e(n, -1.0f), q(n, -1.0f);
  array_view<float, 1> sv(n, s), ev(n, e), qv(n, q);
  parallel_for_each(sv.extent, [=](index<1> i) restrict(amp) {
    const float x = i[0] * 0.05f;
    sv[i] = fast_math::sin(x);
    ev[i] = fast_math::exp(x);
    qv[i] = fast_math::sqrt(x);
  });
  for (int i = 0; i < n; ++i) {
    const float x = i * 0.05f;
    EXPECT_NEAR(sv[i], std::sin(x), 1e-3);
    EXPECT_NEAR(ev[i], std::exp(x), 1e-3 * std::exp(x));
    EXPECT_NEAR(qv[i], std::sqrt(x), 1e-3);
  }
  return golden_report("fast_math");
}
