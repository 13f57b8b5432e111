// Construct: an untiled parallel_for_each over extent<4> (rank above OpenCL's three).
// Why this OpenCL: the host launches one OpenCL dimension of e.size() work-items, and
// the kernel recovers the AMP index from get_global_id(0) by division and remainder,
// from the last (fastest) AMP dimension to the first; global_index is not used.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<4>) ----
// CHECK-LABEL: index_4 thread_index(extent_4 *e) {
// CHECK-NOT:  global_index(
// CHECK:      uint linear = ((uint)((int)get_global_id((0))));
// CHECK:      int d = 3;
// CHECK-NEXT: for (; d >= 0; (--d))
// CHECK-NEXT:   {
// CHECK-NEXT:     (*index_4_subscript{{[_0-9]*}}(&i_, ((uint)d))) = ((int)(linear % ((uint)extent_4_subscript{{[_0-9]*}}((e), ((uint)d)))));
// CHECK-NEXT:     linear /= ((uint)extent_4_subscript{{[_0-9]*}}((e), ((uint)d)));
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(extent_4 v_M_extent,

#include "golden.h"
using namespace concurrency;

int main() {
  const int d[4] = {2, 3, 4, 5};
  std::vector<int> out(2 * 3 * 4 * 5, poison);
  array_view<int, 4> v(extent<4>(d), out);
  parallel_for_each(v.extent, [=](index<4> i) restrict(amp) {
    v[i] = i[0] * 1000 + i[1] * 100 + i[2] * 10 + i[3];
  });
  v.synchronize();
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 3; ++b)
      for (int c = 0; c < 4; ++c)
        for (int e = 0; e < 5; ++e)
          EXPECT_EQ(out[((a * 3 + b) * 4 + c) * 5 + e], a * 1000 + b * 100 + c * 10 + e);
  return golden_report("pfe_index_4d");
}
