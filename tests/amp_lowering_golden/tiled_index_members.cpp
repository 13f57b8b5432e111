// Construct: tiled_index<4, 6>'s members global, local, tile, tile_origin, and the
// tiled_index itself used as an index (ov[ti]).
// Why this OpenCL: tile<4, 6> is 4 rows by 6 columns, so the work-group is (6, 4, 1) in
// OpenCL's order; each member is its own index_2 filled from get_global_id /
// get_local_id / get_group_id with AMP dimension d = OpenCL dimension 1-d, and
// tile_origin is global - local; ov[ti] converts the tiled_index to its global index.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (tiled_kernel_entry<4,6,0>) ----
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, tiled_index_4_6_0 ti) {
// CHECK:      (*array_view_int_2_subscript(&this_->gv, &ti.global_)) = ((index_2_subscript{{[_0-9]*}}(&ti.global_, 0u) * 100) + index_2_subscript{{[_0-9]*}}(&ti.global_, 1u));
// CHECK-NEXT: (*array_view_int_2_subscript(&this_->lv, &ti.global_)) = ((index_2_subscript{{[_0-9]*}}(&ti.local_, 0u) * 100) + index_2_subscript{{[_0-9]*}}(&ti.local_, 1u));
// CHECK-NEXT: (*array_view_int_2_subscript(&this_->tv, &ti.global_)) = ((index_2_subscript{{[_0-9]*}}(&ti.tile, 0u) * 100) + index_2_subscript{{[_0-9]*}}(&ti.tile, 1u));
// CHECK-NEXT: (*array_view_int_2_subscript(&this_->ov, (tmp{{[0-9]+}} = tiled_index_4_6_0_convert(&ti), &tmp{{[0-9]+}}))) = ((index_2_subscript{{[_0-9]*}}(&ti.tile_origin, 0u) * 100) + index_2_subscript{{[_0-9]*}}(&ti.tile_origin, 1u));
// CHECK:      = ((int)get_global_id(((1 - d))));
// CHECK:      = ((int)get_local_id(((1 - d))));
// CHECK:      = ((int)get_group_id(((1 - d))));
// CHECK-LABEL: void tiled_index_4_6_0_construct(
// CHECK:      this_->global_ = global_index(t);
// CHECK-NEXT: this_->local_ = local_index(t);
// CHECK-NEXT: this_->tile = tile_index(t);
// CHECK-NEXT: this_->tile_origin = operator_{{[0-9]+}}((tmp{{[0-9]+}} = global_index(t), &tmp{{[0-9]+}}), (tmp{{[0-9]+}} = local_index(t), &tmp{{[0-9]+}}));
// CHECK-LABEL: __kernel __attribute__((reqd_work_group_size(6, 4, 1))) void main_line{{[0-9]+}}(

#include "golden.h"
using namespace concurrency;

int main() {
  const int rows = 8, cols = 12;
  std::vector<int> g(rows * cols, poison), l(rows * cols, poison), t(rows * cols, poison),
      o(rows * cols, poison);
  array_view<int, 2> gv(rows, cols, g), lv(rows, cols, l), tv(rows, cols, t), ov(rows, cols, o);
  parallel_for_each(gv.extent.tile<4, 6>(), [=](tiled_index<4, 6> ti) restrict(amp) {
    gv[ti.global] = ti.global[0] * 100 + ti.global[1];
    lv[ti.global] = ti.local[0] * 100 + ti.local[1];
    tv[ti.global] = ti.tile[0] * 100 + ti.tile[1];
    ov[ti] = ti.tile_origin[0] * 100 + ti.tile_origin[1];
  });
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      EXPECT_EQ(gv(r, c), r * 100 + c);
      EXPECT_EQ(lv(r, c), (r % 4) * 100 + c % 6);
      EXPECT_EQ(tv(r, c), (r / 4) * 100 + c / 6);
      EXPECT_EQ(ov(r, c), (r / 4 * 4) * 100 + c / 6 * 6);
    }
  return golden_report("tiled_index_members");
}
