// Construct: a named functor class (not a lambda) as the kernel, holding a float and two
// views.
// Why this OpenCL: the kernel is named after the class; its plain field goes by value
// (float a) and each view as its buffer (const for array_view<const float>) plus fields,
// rebuilt into the functor in the prologue.
//
// CHECK-LABEL: // ---- kernel saxpy (kernel_entry<1>) ----
// CHECK:      void [[F:saxpy[_0-9]*]]_call([[F]] *this_, index_1 i_) {
// CHECK:      (*array_view_float_1_subscript(&this_->y, &i_)) = ((this_->a * (*array_view_const_float_1_subscript(&this_->x, &i_))) + (*array_view_float_1_subscript(&this_->y, &i_)));
// CHECK-LABEL: __kernel void saxpy(float a,
// CHECK:          __global const float *x,
// CHECK:          __global float *y,
// CHECK:        arg0.a = a;

#include "golden.h"
using namespace concurrency;

// A named functor class as the kernel: its fields are the captures.
struct saxpy {
  float a;
  array_view<const float, 1> x;
  array_view<float, 1> y;
  void operator()(index<1> i) const restrict(amp) { y[i] = a * x[i] + y[i]; }
};

int main() {
  const int n = 48;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = i * 0.25f;
    y[i] = 100.0f - i;
  }
  std::vector<float> want(n);
  for (int i = 0; i < n; ++i) want[i] = 3.0f * x[i] + y[i];
  array_view<const float, 1> xv(n, x);
  array_view<float, 1> yv(n, y);
  parallel_for_each(yv.extent, saxpy{3.0f, xv, yv});
  for (int i = 0; i < n; ++i) EXPECT_EQ(yv[i], want[i]);
  return golden_report("functor_object");
}
