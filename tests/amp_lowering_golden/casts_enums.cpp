// Construct: static_cast between int and a scoped enum, an unscoped enum in ?:, float
// to int, int to unsigned and back.
// Why this OpenCL: enums are their underlying integer types (color: int; plain, whose
// values are non-negative, is unsigned int in Clang's ABI: uint); enum comparisons use
// the enumerator's value; float to int is C's truncating conversion; casts are C casts.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_1 i_) {
// CHECK:      int k = ((int)(1 << (((*index_1_subscript{{[_0-9]*}}(&i_, 0u)) % 3))));
// CHECK-NEXT: (*array_view_int_1_subscript(&this_->av, &i_)) = (((int)k) + (((k == 4) ? 100 : 0)));
// CHECK-NEXT: float f =
// CHECK-NEXT: (*array_view_int_1_subscript(&this_->bv, &i_)) = ((int)f);
// CHECK-NEXT: uint p = (((bool)(((*index_1_subscript{{[_0-9]*}}(&i_, 0u)) & 1))) ? 20 : 10);
// CHECK-NEXT: (*array_view_int_1_subscript(&this_->cv, &i_)) = (((int)p) + ((int)(((uint)(-(*index_1_subscript{{[_0-9]*}}(&i_, 0u)))) >> 28)));

#include "golden.h"
using namespace concurrency;

enum class color : int { red = 1, green = 2, blue = 4 };
enum plain { first = 10, second = 20 };

int main() {
  const int n = 16;
  std::vector<int> a(n, poison), b(n, poison), c(n, poison);
  array_view<int, 1> av(n, a), bv(n, b), cv(n, c);
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
    color k = static_cast<color>(1 << (i[0] % 3));
    av[i] = static_cast<int>(k) + (k == color::blue ? 100 : 0);
    float f = i[0] * 1.75f - 10.0f;
    bv[i] = static_cast<int>(f);  // truncates toward zero
    plain p = (i[0] & 1) ? second : first;
    cv[i] = p + static_cast<int>(static_cast<unsigned int>(-i[0]) >> 28);
  });
  for (int i = 0; i < n; ++i) {
    const int k = 1 << (i % 3);
    EXPECT_EQ(av[i], k + (k == 4 ? 100 : 0));
    EXPECT_EQ(bv[i], static_cast<int>(i * 1.75f - 10.0f));
    EXPECT_EQ(cv[i], ((i & 1) ? 20 : 10) + static_cast<int>(static_cast<unsigned int>(-i) >> 28));
  }
  return golden_report("casts_enums");
}
