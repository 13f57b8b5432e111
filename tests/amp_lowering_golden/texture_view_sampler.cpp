// Construct: texture_view<const float, 1> read with [] and sample(sampler, x), a
// writeonly_texture_view<float, 1> written, a sampler captured by value.
// Why this OpenCL: the writeonly view is a __write_only image1d_t, the const view a
// __read_only one, the sampler a sampler_t parameter (slots 0, 1, 2 stored by the
// prologue); sample() is read_imagef(image, sampler, x) with C++ AMP's normalized x,
// guarded by the slot pair; reading with [] is the unsampled read_imagef(image, i0).
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK-LABEL: float_4 __ampcl_image_load_f(
// CHECK:      case 1u: v = read_imagef(__img1, i0); break;
// CHECK-LABEL: float_4 __ampcl_image_sample_f(
// CHECK:      if (slot == 1u && smp == 2u) v = read_imagef(__img1, __smp2, x);
// CHECK-LABEL: void __ampcl_image_store_f(
// CHECK:      case 0u: write_imagef(__img0w, i0, v); break;
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(extent_1 wv_M_extent,
// CHECK-NEXT:     __write_only image1d_t __img0w,
// CHECK-NEXT:     extent_1 tv_M_extent,
// CHECK-NEXT:     __read_only image1d_t __img1,
// CHECK:          sampler_t __smp2,
// CHECK:        arg0.wv._M_image._M_slot = 0u;
// CHECK:        arg0.tv._M_image._M_slot = 1u;
// CHECK:        arg0.point_clamp._M_sampler._M_slot = 2u;
// CHECK:        kernel_entry(&arg0, &arg1, __img0w, __img1, __smp2);

#include "golden.h"
#include <amp_graphics.h>
using namespace concurrency;
using namespace concurrency::graphics;

int main() {
  const int n = 8;
  std::vector<float> src(n);
  for (int k = 0; k < n; ++k) src[k] = k * 10.0f;
  texture<float, 1> t(n, src.begin(), src.end());
  texture_view<const float, 1> tv(t);
  texture<float, 1> dst(n);
  writeonly_texture_view<float, 1> wv(dst);
  const sampler point_clamp(filter_point, address_clamp);
  parallel_for_each(extent<1>(n), [=](index<1> i) restrict(amp) {
    // Texel centre of texel n-1-i, in normalized coordinates.
    const float x = (n - 1 - i[0] + 0.5f) / n;
    wv.set(i, tv.sample(point_clamp, x) + tv[i]);
  });
  std::vector<float> got(n, static_cast<float>(poison));
  copy(dst, got.begin());
  for (int i = 0; i < n; ++i) EXPECT_EQ(got[i], src[n - 1 - i] + src[i]);
  return golden_report("texture_view_sampler");
}
