// Construct: float_4: a swizzle (wzyx), vector * scalar, vector + vector, a component
// write (c.y = ...), views of float_4.
// Why this OpenCL: float_4 is a struct of four floats (the host's layout, 16 bytes, as
// the view's buffer holds it); the swizzle builds a float_4 from the components in the
// swizzle's order; the arithmetic is component-wise; a component write is a setter.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK:      struct float_4 {
// CHECK-NEXT:   float _M_x;
// CHECK-NEXT:   float _M_y;
// CHECK-NEXT:   float _M_z;
// CHECK-NEXT:   float _M_w;
// CHECK-NEXT: };
// CHECK-LABEL: float_4 float_4_get_wzyx(float_4 *this_) {
// CHECK:      float_4_construct{{[_0-9]*}}(&tmp{{[0-9]+}}, this_->_M_w, this_->_M_z, this_->_M_y, this_->_M_x)
// CHECK-LABEL: float_4 *float_4_plus_assign(float_4 *this_, float_4 *o) {
// CHECK-LABEL: void float_4_set_y(float_4 *this_, float {{[a-z_]+}}) {
// CHECK:      this_->_M_y =
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_1 i_) {
// CHECK:      float_4 b = ({{.*}}float_4_get_wzyx(
// CHECK:      float_4_set_y(
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(
// CHECK:          __global const float_4 *iv,
// CHECK-NEXT:     extent_1 ov_M_extent,
// CHECK:          __global float_4 *ov,

#include "golden.h"
#include <amp_short_vectors.h>
using namespace concurrency;
using namespace concurrency::graphics;

int main() {
  const int n = 16;
  std::vector<float_4> in(n), out(n, float_4(-1.0f));
  for (int i = 0; i < n; ++i) in[i] = float_4(i, i + 0.5f, -i, 2.0f);
  array_view<const float_4, 1> iv(n, in);
  array_view<float_4, 1> ov(n, out);
  parallel_for_each(ov.extent, [=](index<1> i) restrict(amp) {
    float_4 a = iv[i];
    float_4 b = a.wzyx;  // swizzle
    float_4 c = a * 2.0f + b;
    c.y = a.x - a.y;
    ov[i] = c;
  });
  for (int i = 0; i < n; ++i) {
    const float_4 a = in[i];
    EXPECT_EQ(ov[i].x, a.x * 2.0f + a.w);
    EXPECT_EQ(ov[i].y, a.x - a.y);
    EXPECT_EQ(ov[i].z, a.z * 2.0f + a.y);
    EXPECT_EQ(ov[i].w, a.w * 2.0f + a.x);
  }
  return golden_report("short_vector_float4");
}
