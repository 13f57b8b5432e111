// Construct: norm and unorm built from floats, converted back, unorm + unorm.
// Why this OpenCL: norm and unorm are structs holding a float clamped on construction to
// [-1, 1] and [0, 1] (NaN to 0, as C++ AMP says); the sum is computed in float and
// clamped again by the unorm constructor.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK-LABEL: float norm_clamped(float v) {
// CHECK:      return ((v != v) ? 0.0f : ((v < -1.0f) ? -1.0f : ((v > 1.0f) ? 1.0f : v)));
// CHECK-LABEL: void norm_construct(norm *this_, float v) {
// CHECK-NEXT: this_->_M_value = norm_clamped(v);
// CHECK-LABEL: float unorm_clamped(float v) {
// CHECK:      return ((v != v) ? 0.0f : ((v < 0.0f) ? 0.0f : ((v > 1.0f) ? 1.0f : v)));
// CHECK-LABEL: void unorm_construct(unorm *this_, float v) {
// CHECK-NEXT: this_->_M_value = unorm_clamped(v);
// CHECK-LABEL: unorm operator_{{[0-9]+}}(unorm *a, unorm *b) {
// CHECK:      return (unorm_construct(&tmp{{[0-9]+}}, (unorm_convert((a)) + unorm_convert((b)))), tmp{{[0-9]+}});
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_1 i_) {
// CHECK:      norm_construct(&s, x);
// CHECK:      unorm_construct(&u, x);
// CHECK-NEXT: (*array_view_float_1_subscript(&this_->av, &i_)) = norm_convert(&s);

#include "golden.h"
#include <amp_short_vectors.h>
using namespace concurrency;
using namespace concurrency::graphics;

int main() {
  const int n = 16;
  std::vector<float> a(n, -9.0f), b(n, -9.0f);
  array_view<float, 1> av(n, a), bv(n, b);
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
    const float x = i[0] * 0.25f - 2.0f;
    norm s(x);    // clamped to [-1, 1]
    unorm u(x);   // clamped to [0, 1]
    av[i] = static_cast<float>(s);
    bv[i] = static_cast<float>(u + unorm(0.25f));
  });
  for (int i = 0; i < n; ++i) {
    const float x = i * 0.25f - 2.0f;
    const float s = x < -1.0f ? -1.0f : (x > 1.0f ? 1.0f : x);
    float u = x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x);
    u = u + 0.25f > 1.0f ? 1.0f : u + 0.25f;
    EXPECT_EQ(av[i], s);
    EXPECT_EQ(bv[i], u);
  }
  return golden_report("norm_unorm");
}
