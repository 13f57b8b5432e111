// Construct: a local object with a user constructor and destructor in a nested block.
// Why this OpenCL: C has no destructors: the constructor is called after the
// declaration and the destructor at the end of its block, before the statement that
// follows the block.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK-LABEL: void adder_destruct(adder *this_) {
// CHECK:      (*array_view_int_1_subscript{{[_0-9]*}}(&this_->target, this_->at)) += 1000;
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_1 i_) {
// CHECK:      adder a;
// CHECK-NEXT: adder_construct(&a, &this_->v, (*index_1_subscript{{[_0-9]*}}(&i_, 0u)));
// CHECK-NEXT: (*array_view_int_1_subscript(&this_->v, &i_)) *= 2;
// CHECK-NEXT: adder_destruct(&a);
// CHECK-NEXT: }
// CHECK-NEXT: (*array_view_int_1_subscript(&this_->v, &i_)) += 1;

#include "golden.h"
using namespace concurrency;

// An object with a destructor in a kernel: it runs at the end of its block.
struct adder {
  array_view<int, 1> target;
  int at;
  adder(const array_view<int, 1>& t, int a) restrict(amp) : target(t), at(a) {}
  ~adder() restrict(amp) { target[at] += 1000; }
};

int main() {
  const int n = 16;
  std::vector<int> out(n, poison);
  array_view<int, 1> v(n, out);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    v[i] = i[0];
    {
      adder a(v, i[0]);
      v[i] *= 2;
    }
    v[i] += 1;
  });
  for (int i = 0; i < n; ++i) EXPECT_EQ(v[i], 2 * i + 1001);
  return golden_report("destructor_scope");
}
