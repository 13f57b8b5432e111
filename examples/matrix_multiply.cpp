// Beyond the documents: the tiled matrix multiply of "Using Tiles" on matrices
// large enough to need many tiles, checked against a float64 multiply on the host.
//   ampcl-matrix-multiply [M K N]     (multiples of 16; default 128 96 160)
// Prints the sizes and the largest error, and exits 1 if it is out of bounds.
#include <ampcl/ampcl.hpp>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <vector>

#include "example_kernels.hpp"

using namespace ampcl;

namespace {

constexpr int tile_size = 16;  // kernels/matrix_multiply.cl reads it as AMPCL_TILE0

std::vector<float> pseudo_random(std::size_t n, unsigned seed) {
  std::vector<float> v(n);
  for (auto& x : v) {
    seed = seed * 1664525u + 1013904223u;
    x = static_cast<float>(seed >> 8) / static_cast<float>(1 << 24) * 2.0f - 1.0f;  // [-1, 1)
  }
  return v;
}

// The reference: the same product in double precision.
std::vector<double> multiply_on_host(const std::vector<float>& a, const std::vector<float>& b,
                                     int m, int k, int n) {
  std::vector<double> c(static_cast<std::size_t>(m) * n, 0.0);
  for (int i = 0; i < m; ++i)
    for (int p = 0; p < k; ++p)
      for (int j = 0; j < n; ++j) c[i * n + j] += double(a[i * k + p]) * double(b[p * n + j]);
  return c;
}

}  // namespace

int main(int argc, char** argv) {
  int m = 128, k = 96, n = 160;
  if (argc == 4) {
    m = std::atoi(argv[1]);
    k = std::atoi(argv[2]);
    n = std::atoi(argv[3]);
  }
  if (m <= 0 || k <= 0 || n <= 0 || m % tile_size || k % tile_size || n % tile_size) {
    std::cerr << "usage: ampcl-matrix-multiply [M K N], each a positive multiple of " << tile_size
              << "\n";
    return 2;
  }
  const std::vector<float> a_host = pseudo_random(std::size_t(m) * k, 1);
  const std::vector<float> b_host = pseudo_random(std::size_t(k) * n, 2);
  std::vector<float> product_host(std::size_t(m) * n);

  array_view<const float, 2> a(m, k, a_host);
  array_view<const float, 2> b(k, n, b_host);
  array_view<float, 2> product(m, n, product_host);
  product.discard_data();
  const kernel multiply =
      kernel::from_file(ampcl_examples::kernel_path("matrix_multiply.cl"), "multiply_tiled");
  parallel_for_each(product.get_extent().tile<tile_size, tile_size>(), multiply, a, b, product);
  product.synchronize();

  const std::vector<double> expected = multiply_on_host(a_host, b_host, m, k, n);
  double max_error = 0;
  for (std::size_t i = 0; i < expected.size(); ++i)
    max_error = std::max(max_error, std::abs(double(product_host[i]) - expected[i]));
  // Each of the k float products and sums rounds once: k * 2^-24 per unit term.
  const double bound = k * std::ldexp(1.0, -22);
  const bool ok = max_error <= bound;
  std::cout << "product of " << m << "x" << k << " and " << k << "x" << n << " in " << tile_size
            << "x" << tile_size << " tiles\n"
            << "largest difference from the float64 product: " << max_error
            << (ok ? " (within " : " (over ") << bound << ")\n"
            << (ok ? "OK" : "WRONG") << "\n";
  return ok ? 0 : 1;
}
