// Construct: a tile_static array of a class type, a class value copied into it and
// read back (struct assignment from __local memory).
// Why this OpenCL: the array is a __local pair_vi[16] of the kernel, passed as a pointer
// to the array; whole-struct copies between private and __local memory are C struct
// assignments.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (tiled_kernel_entry<16,0,0>) ----
// CHECK:      struct pair_vi {
// CHECK-NEXT:   int value{{_?}};
// CHECK-NEXT:   int index;
// CHECK-NEXT: };
// CHECK:      void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, tiled_index_16_0_0 ti, __local pair_vi (*[[S:ts_[a-z_]+]])[16]) {
// CHECK:      pair_vi p = {(*array_view_const_int_1_subscript(&this_->iv, &ti.global_)), index_1_subscript{{[_0-9]*}}(&ti.global_, 0u)};
// CHECK-NEXT: (*[[S]])[index_1_subscript{{[_0-9]*}}(&ti.local_, 0u)] = p;
// CHECK:      m = (*[[S]])[0];
// CHECK:      m = (*[[S]])[k];
// CHECK-LABEL: __kernel __attribute__((reqd_work_group_size(16, 1, 1))) void main_line{{[0-9]+}}(
// CHECK:        __local pair_vi s[16];

#include "golden.h"
using namespace concurrency;

struct pair_vi {
  int value;
  int index;
};

int main() {
  const int n = 64;
  std::vector<int> in(n), best(n / 16, poison);
  for (int i = 0; i < n; ++i) in[i] = (i * 29) % 64;
  array_view<const int, 1> iv(n, in);
  array_view<int, 1> bv(n / 16, best);
  parallel_for_each(iv.extent.tile<16>(), [=](tiled_index<16> ti) restrict(amp) {
    tile_static pair_vi s[16];
    pair_vi p = {iv[ti.global], ti.global[0]};
    s[ti.local[0]] = p;  // a copy of a class value into tile_static memory
    ti.barrier.wait();
    if (ti.local[0] == 0) {
      pair_vi m = s[0];
      for (int k = 1; k < 16; ++k)
        if (s[k].value > m.value) m = s[k];
      bv[ti.tile[0]] = m.index;
    }
  });
  for (int t = 0; t < n / 16; ++t) {
    int m = t * 16;
    for (int k = t * 16; k < t * 16 + 16; ++k)
      if (in[k] > in[m]) m = k;
    EXPECT_EQ(bv[t], m);
  }
  return golden_report("tile_static_class_type");
}
