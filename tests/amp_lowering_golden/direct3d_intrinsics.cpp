// Construct: concurrency::direct3d intrinsics mad, clamp (float and int), countbits.
// Why this OpenCL: mad is OpenCL's mad; Direct3D's clamp is min(max(x, lo), hi) (fmin/fmax
// for float, min/max for int); countbits is popcount on uint.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_1 i_) {
// CHECK:      (*array_view_float_1_subscript(&this_->mv, &i_)) = (mad((x), (2.0f), (1.0f)));
// CHECK-NEXT: (*array_view_float_1_subscript(&this_->cfv, &i_)) = (fmin(fmax((x), (-1.0f)), (1.5f)));
// CHECK-NEXT: (*array_view_int_1_subscript(&this_->civ, &i_)) = (min(max((((*index_1_subscript{{[_0-9]*}}(&i_, 0u)) - 10)), (-5)), (5)));
// CHECK-NEXT: (*array_view_int_1_subscript(&this_->cbv, &i_)) = ((int)(popcount((((uint)(*index_1_subscript{{[_0-9]*}}(&i_, 0u)))))));

#include "golden.h"
using namespace concurrency;

int main() {
  const int n = 32;
  std::vector<float> m(n, -1.0f), cf(n, -1.0f);
  std::vector<int> ci(n, poison), cb(n, poison);
  array_view<float, 1> mv(n, m), cfv(n, cf);
  array_view<int, 1> civ(n, ci), cbv(n, cb);
  parallel_for_each(mv.extent, [=](index<1> i) restrict(amp) {
    const float x = i[0] * 0.25f - 2.0f;
    mv[i] = direct3d::mad(x, 2.0f, 1.0f);
    cfv[i] = direct3d::clamp(x, -1.0f, 1.5f);
    civ[i] = direct3d::clamp(i[0] - 10, -5, 5);
    cbv[i] = static_cast<int>(direct3d::countbits(static_cast<unsigned int>(i[0])));
  });
  for (int i = 0; i < n; ++i) {
    const float x = i * 0.25f - 2.0f;
    EXPECT_NEAR(mv[i], x * 2.0f + 1.0f, 1e-6);
    EXPECT_EQ(cfv[i], x < -1.0f ? -1.0f : (x > 1.5f ? 1.5f : x));
    EXPECT_EQ(civ[i], i - 10 < -5 ? -5 : (i - 10 > 5 ? 5 : i - 10));
    EXPECT_EQ(cbv[i], __builtin_popcount(i));
  }
  return golden_report("direct3d_intrinsics");
}
