// EXPECT: race-free
// subscript_struct_member fixed: the loop stops at the member's 4 rows.
#include <ampcl.clh>

typedef struct {
  int rows[4][2];
  int extra[8];
} table;

__kernel void subscript_struct_member_fixed(__global int* out) {
  table tb = {{{1, 2}, {3, 4}, {5, 6}, {7, 8}}, {0, 0, 0, 0, 0, 0, 0, 0}};
  table* p = &tb;
  tiled_index1 t = amp_tiled_index1();
  int sum = 0;
  for (int i = 0; i < 4; ++i)
    sum += p->rows[i][0];
  out[t.global_[0]] = sum;
}
