// Construct: atomic_compare_exchange (int), atomic_exchange (int and float).
// Why this OpenCL: compare-exchange is OpenCL's atomic_cmpxchg, which returns the old
// value; C++ AMP's returns whether it stored and, when not, writes the old value to
// *expected: the helper compares and stores. atomic_exchange is atomic_xchg, which
// OpenCL 1.2 has for float too.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK-LABEL: bool ampcl_compare_exchange(__global int *dest, int *expected, int desired) {
// CHECK:      int want = (*expected);
// CHECK-NEXT: int old = (atomic_cmpxchg((dest), (want), (desired)));
// CHECK-NEXT: if (old == want)
// CHECK-NEXT:   return true;
// CHECK-NEXT: (*expected) = old;
// CHECK-NEXT: return false;
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_1 i_) {
// CHECK:      int expected = -1;
// CHECK-NEXT: atomic_compare_exchange((array_view_int_1_subscript{{[_0-9]*}}(&this_->ov, {{.*}})), &expected, (*index_1_subscript{{[_0-9]*}}(&i_, 0u)));
// CHECK-NEXT: atomic_xchg(((array_view_int_1_subscript{{[_0-9]*}}(&this_->lv, 0))), (7));
// CHECK-NEXT: atomic_xchg(((array_view_float_1_subscript{{[_0-9]*}}(&this_->fv, 0))), (2.5f));
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(

#include "golden.h"
using namespace concurrency;

int main() {
  const int n = 256, slots = 4;
  std::vector<int> owner(slots, -1), last(1, poison);
  std::vector<float> fl(1, 0.0f);
  array_view<int, 1> ov(slots, owner), lv(1, last);
  array_view<float, 1> fv(1, fl);
  parallel_for_each(extent<1>(n), [=](index<1> i) restrict(amp) {
    int expected = -1;
    // One winner per slot; the others see the winner's id in expected.
    atomic_compare_exchange(&ov[i[0] % slots], &expected, i[0]);
    atomic_exchange(&lv[0], 7);
    atomic_exchange(&fv[0], 2.5f);
  });
  for (int s = 0; s < slots; ++s) EXPECT_EQ(ov[s] >= 0 && ov[s] < n && ov[s] % slots == s, true);
  EXPECT_EQ(lv[0], 7);
  EXPECT_EQ(fv[0], 2.5f);
  return golden_report("atomic_exchange_cas");
}
