// Beyond the documents: an image blur that reads its input through a texture.
// A deterministic test image goes into a texture<float, 2>; kernels/image_blur.cl
// blurs it with a 5x5 Gaussian (binomial 1 4 6 4 1 per axis), taking 25 point
// samples per pixel at integer offsets through a clamp-to-edge sampler, and writes
// an array_view<float, 2>. Checked against a float64 blur on the host with the
// same clamp-to-edge border.
//   ampcl-image-blur [ROWS COLS]     (default 384 512; any size, the launch is padded)
// Point sampling keeps the result independent of the device's filtering precision
// (linear sampling at fractional offsets would need 9 taps instead of 25, but GPUs
// interpolate with 8-bit weights: a tolerance near 1/256 instead of float rounding).
#include <algorithm>
#include <ampcl/ampcl.hpp>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <vector>

#include "example_kernels.hpp"

using namespace ampcl;
using namespace ampcl::graphics;

namespace {

constexpr int tile_size = 16;
constexpr int radius = 2;  // kernels/image_blur.cl's RADIUS
constexpr double binomial[2 * radius + 1] = {1, 4, 6, 4, 1};
constexpr int taps = (2 * radius + 1) * (2 * radius + 1);

// Values in [0, 1]: a diagonal gradient, 8x8 checkers (hard edges, where a blur
// is visible) and a little pseudo-random noise (no two neighbourhoods alike).
std::vector<float> test_image(int rows, int cols) {
  std::vector<float> v(static_cast<std::size_t>(rows) * cols);
  unsigned seed = 2024;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      seed = seed * 1664525u + 1013904223u;
      const double gradient = 0.4 * (r + c) / (rows + cols);
      const double checker = ((r / 8 + c / 8) % 2) * 0.4;
      const double noise = 0.2 * (seed >> 8) / double(1 << 24);
      v[static_cast<std::size_t>(r) * cols + c] = static_cast<float>(gradient + checker + noise);
    }
  return v;
}

// The reference: the same weights in double precision, reads clamped to the edge.
std::vector<double> blur_on_host(const std::vector<float>& img, int rows, int cols) {
  std::vector<double> out(img.size());
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      double sum = 0;
      for (int dy = -radius; dy <= radius; ++dy)
        for (int dx = -radius; dx <= radius; ++dx) {
          const int y = std::clamp(r + dy, 0, rows - 1), x = std::clamp(c + dx, 0, cols - 1);
          sum += binomial[dy + radius] * binomial[dx + radius] *
                 double(img[static_cast<std::size_t>(y) * cols + x]);
        }
      out[static_cast<std::size_t>(r) * cols + c] = sum / 256;
    }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  int rows = 384, cols = 512;
  if (argc == 3) {
    rows = std::atoi(argv[1]);
    cols = std::atoi(argv[2]);
  }
  if (argc != 1 && argc != 3) rows = 0;
  if (rows <= 0 || cols <= 0) {
    std::cerr << "usage: ampcl-image-blur [ROWS COLS], each positive\n";
    return 2;
  }
  // Textures need CL_DEVICE_IMAGE_SUPPORT: without it there is nothing to show.
  const accelerator acc;
  if (!acc.get_supports_images()) {
    std::cout << acc.get_device_name() << " has no image support (CL_DEVICE_IMAGE_SUPPORT): "
              << "skipped\n";
    return 0;
  }

  const std::vector<float> image_host = test_image(rows, cols);
  std::vector<float> blurred_host(image_host.size());
  const texture<float, 2> image(rows, cols, image_host.begin(), image_host.end());
  array_view<float, 2> blurred(rows, cols, blurred_host);
  blurred.discard_data();
  // Texel-space coordinates, so the kernel offsets by whole texels; clamp to edge
  // repeats the border texels past the image, as the reference does.
  const sampler clamp_to_edge = with_unnormalized_coordinates(sampler(filter_point, address_clamp));
  const kernel blur =
      kernel::from_file(ampcl_examples::kernel_path("image_blur.cl"), "blur_gaussian5");
  parallel_for_each(blurred.get_extent().tile<tile_size, tile_size>().pad(), blur,
                    texture_view<const float, 2>(image), clamp_to_edge, blurred);
  blurred.synchronize();

  const std::vector<double> expected = blur_on_host(image_host, rows, cols);
  double max_error = 0;
  std::size_t worst = 0;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    double error = std::abs(double(blurred_host[i]) - expected[i]);
    // A NaN compares false with everything: make it the largest error.
    if (std::isnan(error)) error = std::numeric_limits<double>::infinity();
    if (error > max_error) {
      max_error = error;
      worst = i;
    }
  }
  // The sum is at most 256 before the exact 1/256 scale; each of its `taps`
  // products and `taps` additions rounds by at most 2^-24 of that.
  const double bound = 2 * taps * std::ldexp(1.0, -24);
  const bool ok = max_error <= bound;
  std::cout << "5x5 Gaussian blur of a " << rows << "x" << cols << " texture<float, 2>: " << taps
            << " point samples per pixel, clamp to edge, " << tile_size << "x" << tile_size
            << " tiles\n"
            << "largest difference from the float64 reference: " << max_error << " at ("
            << worst / cols << ", " << worst % cols << ")" << (ok ? " (within " : " (over ")
            << bound << ")\n"
            << (ok ? "OK" : "WRONG") << "\n";
  return ok ? 0 : 1;
}
