// Construct: unsigned int arithmetic that wraps, shifts; long and unsigned long (64-bit)
// products and literals.
// Why this OpenCL: unsigned int is OpenCL's uint (same wrap-around), C++'s long on Linux
// is 64 bits as is OpenCL's long, so long/unsigned long map to long/ulong with l/ul
// literal suffixes; 1L << 40 is folded.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_1 i_) {
// CHECK:      uint x = ((uint)(*index_1_subscript{{[_0-9]*}}(&i_, 0u)));
// CHECK-NEXT: (*array_view_unsigned_int_1_subscript(&this_->uv, &i_)) = ((((x - 5u)) / 3u) + ((4294967295u >> ((x % 4u)))));
// CHECK-NEXT: long big = (((long)(*index_1_subscript{{[_0-9]*}}(&i_, 0u))) * 3000000000l);
// CHECK-NEXT: (*array_view_long_1_subscript(&this_->lv, &i_)) = (big - 1099511627776l);
// CHECK-NEXT: (*array_view_unsigned_long_1_subscript(&this_->ulv, &i_)) = (((ulong)big) * 4294967297ul);
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(
// CHECK:          __global uint *uv,
// CHECK:          __global long *lv,
// CHECK:          __global ulong *ulv,

#include "golden.h"
using namespace concurrency;

int main() {
  const int n = 32;
  std::vector<unsigned int> u(n, 0u);
  std::vector<long> l(n, 0);
  std::vector<unsigned long> ul(n, 0u);
  array_view<unsigned int, 1> uv(n, u);
  array_view<long, 1> lv(n, l);
  array_view<unsigned long, 1> ulv(n, ul);
  parallel_for_each(uv.extent, [=](index<1> i) restrict(amp) {
    unsigned int x = static_cast<unsigned int>(i[0]);
    uv[i] = (x - 5u) / 3u + (0xFFFFFFFFu >> (x % 4));  // wraps below 5
    long big = static_cast<long>(i[0]) * 3000000000L;
    lv[i] = big - (1L << 40);
    ulv[i] = static_cast<unsigned long>(big) * 0x100000001UL;
  });
  for (int i = 0; i < n; ++i) {
    const unsigned int x = i;
    EXPECT_EQ(uv[i], (x - 5u) / 3u + (0xFFFFFFFFu >> (x % 4)));
    const long big = static_cast<long>(i) * 3000000000L;
    EXPECT_EQ(lv[i] == big - (1L << 40), true);
    EXPECT_EQ(ulv[i] == static_cast<unsigned long>(big) * 0x100000001UL, true);
  }
  return golden_report("unsigned_64bit");
}
