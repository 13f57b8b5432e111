// EXPECT: subscript-out-of-range @ 19
// A private struct's array member indexed past its end through a pointer to the
// struct (Oclgrind's memcheck/casted_static_array): rows[i][0] for i up to 5 of a
// 4-row member. The address stays inside the struct (the member `extra` follows),
// so only the subscript shows the error.
#include <ampcl.clh>

typedef struct {
  int rows[4][2];
  int extra[8];
} table;

__kernel void subscript_struct_member(__global int* out) {
  table tb = {{{1, 2}, {3, 4}, {5, 6}, {7, 8}}, {0, 0, 0, 0, 0, 0, 0, 0}};
  table* p = &tb;
  tiled_index1 t = amp_tiled_index1();
  int sum = 0;
  for (int i = 0; i < 6; ++i)
    sum += p->rows[i][0];
  out[t.global_[0]] = sum;
}
