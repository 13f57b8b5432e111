#include <ampcl.clh>

// A 5x5 Gaussian blur (binomial weights 1 4 6 4 1 on each axis, 1/256 in all) of
// `image` into `blurred`. Each work-item takes 25 point samples at integer offsets
// from its own texel; the host's sampler (filter_point, address_clamp, texel-space
// coordinates) clamps offsets past the border to the edge texel, so the kernel
// needs no bounds checks on its reads. The texture cache serves the overlap
// between neighbours' footprints: no tile_static staging as in a buffer version.
#define RADIUS 2

__constant float binomial[2 * RADIUS + 1] = {1.f, 4.f, 6.f, 4.f, 1.f};

__kernel void blur_gaussian5(__read_only image2d_t image, sampler_t clamp_to_edge,
                             AMPCL_VIEW(float, blurred)) {
  tiled_index2 t_idx = amp_tiled_index2();
  const int row = t_idx.global_[0];
  const int col = t_idx.global_[1];
  // The launch is padded to whole tiles: work-items past the image write nothing.
  if (row >= AV_EXTENT(blurred, 0) || col >= AV_EXTENT(blurred, 1)) return;

  float sum = 0.f;
  for (int dy = -RADIUS; dy <= RADIUS; ++dy)
    for (int dx = -RADIUS; dx <= RADIUS; ++dx) {
      // Texel (r, c) spans [r, r + 1) x [c, c + 1): sample its centre.
      const float texel = tex_sample2f(image, clamp_to_edge, row + dy + 0.5f, col + dx + 0.5f).x;
      sum += binomial[dy + RADIUS] * binomial[dx + RADIUS] * texel;
    }
  AV2(blurred, row, col) = sum * (1.f / 256.f);
}
