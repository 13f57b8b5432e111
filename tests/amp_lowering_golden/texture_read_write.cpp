// Construct: texture<float, 2> read (t[i], t(row, col)) and another written (set), both
// captured by reference.
// Why this OpenCL: images can only be kernel parameters in OpenCL C 1.2, so each texture
// is a slot: the one read is a __read_only image2d_t, the one written a __write_only
// image2d_t, and every function takes them after its own parameters; reads and writes go
// through dispatch helpers that switch on the slot. AMP's (row, col) is the image's
// (x = col, y = row): (int2)(i1, i0).
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<2>) ----
// CHECK:      float_4 __ampcl_image_load_f(uint slot, int i0, int i1, int i2, __read_only image2d_t [[R:__img[0-9]+]], __write_only image2d_t [[W:__img[0-9]+w]]) {
// CHECK:      case 0u: v = read_imagef([[R]], (int2)(i1, i0)); break;
// CHECK-LABEL: void __ampcl_image_store_f(
// CHECK:      case 1u: write_imagef([[W]], (int2)(i1, i0), v); break;
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(
// CHECK-SAME: index_2 i_, __read_only image2d_t [[R]], __write_only image2d_t [[W]]) {
// CHECK:      texture_float_2_set((this_->out), &i_,
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(
// CHECK:          __read_only image2d_t [[R]],
// CHECK:          __write_only image2d_t [[W]],
// CHECK:        ref{{[0-9]+}}._M_image._M_slot = 0u;
// CHECK:        ref{{[0-9]+}}._M_image._M_slot = 1u;

#include "golden.h"
#include <amp_graphics.h>
using namespace concurrency;
using namespace concurrency::graphics;

int main() {
  const int rows = 4, cols = 5;
  std::vector<float> src(rows * cols);
  for (int k = 0; k < rows * cols; ++k) src[k] = k * 1.5f - 3.0f;
  texture<float, 2> in(rows, cols, src.begin(), src.end());
  texture<float, 2> out(rows, cols);
  parallel_for_each(in.extent, [&in, &out](index<2> i) restrict(amp) {
    out.set(i, in[i] * 2.0f + in(i[0], 0));
  });
  std::vector<float> got(rows * cols, static_cast<float>(poison));
  copy(out, got.begin());
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      EXPECT_EQ(got[r * cols + c], src[r * cols + c] * 2.0f + src[r * cols]);
  return golden_report("texture_read_write");
}
