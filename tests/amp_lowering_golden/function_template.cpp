// Construct: function templates called from a kernel: one deduced twice (int and float),
// one with a non-type template argument.
// Why this OpenCL: each instantiation is its own OpenCL function (the second cube gets a
// distinct name), with the non-type argument substituted as a constant.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK-LABEL: int scaled(int x) {
// CHECK:      return (5 * x);
// CHECK:      int [[CUBEI:cube[_0-9]*]](int x) {
// CHECK:      return ((x * x) * x);
// CHECK:      float [[CUBEF:cube[_0-9]*]](float x) {
// CHECK:      return ((x * x) * x);
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_1 i_) {
// CHECK:      = ([[CUBEI]]((*index_1_subscript{{[_0-9]*}}(&i_, 0u))) + scaled((*index_1_subscript{{[_0-9]*}}(&i_, 0u))));
// CHECK-NEXT: = [[CUBEF]]((((float)(*index_1_subscript{{[_0-9]*}}(&i_, 0u))) * 0.5f));
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(

#include "golden.h"
using namespace concurrency;

template <typename T>
T cube(T x) restrict(cpu, amp) { return x * x * x; }

template <int K>
int scaled(int x) restrict(amp) { return K * x; }

int main() {
  const int n = 16;
  std::vector<int> a(n, poison);
  std::vector<float> b(n, -1.0f);
  array_view<int, 1> av(n, a);
  array_view<float, 1> bv(n, b);
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
    av[i] = cube(i[0]) + scaled<5>(i[0]);
    bv[i] = cube(i[0] * 0.5f);
  });
  for (int i = 0; i < n; ++i) {
    EXPECT_EQ(av[i], i * i * i + 5 * i);
    EXPECT_EQ(bv[i], cube(i * 0.5f));
  }
  return golden_report("function_template");
}
