// Construct: a captured struct with member functions, one calling another.
// Why this OpenCL: a record of plain data goes to the kernel by value as one parameter
// (params p); member functions become functions taking `this_` as a pointer.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK:      struct params {
// CHECK-NEXT:   int scale;
// CHECK-NEXT:   float offset;
// CHECK:      int params_pick(params *this_, int [[I:[a-z_]+]]) {
// CHECK:      return ((([[I]] % 2) == 0) ? this_->scale : (-this_->scale));
// CHECK:      float params_apply(params *this_, int [[I2:[a-z_]+]]) {
// CHECK:      return (((float)(params_pick(this_, [[I2]]) * [[I2]])) + this_->offset);
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_1 i_) {
// CHECK:      = params_apply(&this_->p, (*index_1_subscript{{[_0-9]*}}(&i_, 0u)));
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(
// CHECK:          params p,
// CHECK:        arg0.p = p;

#include "golden.h"
using namespace concurrency;

struct params {
  int scale;
  float offset;
  int pick(int i) const restrict(amp) { return i % 2 == 0 ? scale : -scale; }
  float apply(int i) const restrict(amp) { return pick(i) * i + offset; }
};

int main() {
  const int n = 20;
  std::vector<float> out(n, -1.0f);
  array_view<float, 1> v(n, out);
  params p{3, 0.5f};
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = p.apply(i[0]); });
  for (int i = 0; i < n; ++i) EXPECT_EQ(v[i], (i % 2 == 0 ? 3 : -3) * i + 0.5f);
  return golden_report("struct_by_value");
}
