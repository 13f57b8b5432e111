// Construct: tile_static memory passed to helpers by reference (int&) and by pointer
// (const int*, an array decayed).
// Why this OpenCL: OpenCL C 1.2 has no generic address space, so the parameters that
// receive tile_static memory are inferred to be __local pointers; the helpers are
// emitted for that memory.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (tiled_kernel_entry<8,0,0>) ----
// CHECK-LABEL: void store(__local int *slot, int {{[a-z_]+}}) {
// CHECK:      (*slot) =
// CHECK-LABEL: int sum_of(__local int *p, int n) {
// CHECK:      s += p[k];
// CHECK:      void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, tiled_index_8_0_0 ti, __local int (*[[S:ts_[a-z_]+]])[8]) {
// CHECK:      store(&(*[[S]])[index_1_subscript{{[_0-9]*}}(&ti.local_, 0u)], index_1_subscript{{[_0-9]*}}(&ti.global_, 0u));
// CHECK:      (*array_view_int_1_subscript(&this_->v, &ti.global_)) = sum_of((*[[S]]), 8);
// CHECK-LABEL: __kernel __attribute__((reqd_work_group_size(8, 1, 1))) void main_line{{[0-9]+}}(
// CHECK:        __local int s[8];

#include "golden.h"
using namespace concurrency;

// Helpers that take tile_static memory by reference and by pointer: the lowering
// gives their parameters the __local address space.
void store(int& slot, int value) restrict(amp) { slot = value; }
int sum_of(const int* p, int n) restrict(amp) {
  int s = 0;
  for (int k = 0; k < n; ++k) s += p[k];
  return s;
}

int main() {
  const int n = 64;
  std::vector<int> out(n, poison);
  array_view<int, 1> v(n, out);
  parallel_for_each(v.extent.tile<8>(), [=](tiled_index<8> ti) restrict(amp) {
    tile_static int s[8];
    store(s[ti.local[0]], ti.global[0]);
    ti.barrier.wait();
    v[ti.global] = sum_of(s, 8);
  });
  for (int i = 0; i < n; ++i) {
    const int base = i / 8 * 8;
    EXPECT_EQ(v[i], 8 * base + 28);
  }
  return golden_report("tile_static_reference");
}
