// Construct: a captured struct holding an array of structs that hold arrays; a const
// reference to an element in a kernel.
// Why this OpenCL: plain data, so the whole struct goes by value as one parameter
// (outer o) with the host's layout; the reference becomes a private pointer into the
// lambda object; member and array accesses are C's.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK:      struct inner {
// CHECK-NEXT:   int w[3];
// CHECK-NEXT:   float bias;
// CHECK-NEXT: };
// CHECK:      struct outer {
// CHECK-NEXT:   inner layers[2];
// CHECK-NEXT:   int tag;
// CHECK-NEXT: };
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_1 i_) {
// CHECK:      inner *in = &this_->o.layers[((*index_1_subscript{{[_0-9]*}}(&i_, 0u)) % 2)];
// CHECK-NEXT: = ((((float)((in)->w[((*index_1_subscript{{[_0-9]*}}(&i_, 0u)) % 3)] * 2)) + (in)->bias) + ((float)this_->o.tag));
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(outer o,
// CHECK:        arg0.o = o;

#include "golden.h"
using namespace concurrency;

struct inner {
  int w[3];
  float bias;
};
struct outer {
  inner layers[2];
  int tag;
};

int main() {
  const int n = 12;
  std::vector<float> out(n, -1.0f);
  array_view<float, 1> v(n, out);
  outer o;
  for (int l = 0; l < 2; ++l) {
    for (int k = 0; k < 3; ++k) o.layers[l].w[k] = l * 10 + k;
    o.layers[l].bias = l + 0.5f;
  }
  o.tag = 1000;
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    const inner& in = o.layers[i[0] % 2];
    v[i] = in.w[i[0] % 3] * 2 + in.bias + o.tag;
  });
  for (int i = 0; i < n; ++i) {
    const inner& in = o.layers[i % 2];
    EXPECT_EQ(v[i], in.w[i % 3] * 2 + in.bias + o.tag);
  }
  return golden_report("nested_struct_arrays");
}
