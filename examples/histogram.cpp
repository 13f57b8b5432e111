// Beyond the documents: a histogram with atomics. Each tile counts into
// tile_static bins with atomic_fetch_add, then merges them into the global bins
// with atomic_fetch_add (kernels/histogram.cl). Checked against a host count.
//   ampcl-histogram [COUNT]     (default 100000; any count, the launch is padded)
#include <ampcl/ampcl.hpp>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "example_kernels.hpp"

using namespace ampcl;

namespace {

constexpr int bin_count = 16;
constexpr int tile_size = 256;

// Sums of two uniform values: a triangle-shaped histogram worth drawing.
std::vector<unsigned> triangle_samples(int count) {
  std::vector<unsigned> v(count);
  unsigned seed = 12345;
  auto next = [&] {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 16) % (bin_count / 2);
  };
  for (auto& x : v) x = next() + next();
  return v;
}

}  // namespace

int main(int argc, char** argv) {
  const int count = argc > 1 ? std::atoi(argv[1]) : 100000;
  if (count <= 0) {
    std::cerr << "usage: ampcl-histogram [COUNT > 0]\n";
    return 2;
  }
  const std::vector<unsigned> samples = triangle_samples(count);
  std::vector<int> bins_host(bin_count, 0);

  array_view<const unsigned, 1> data(count, samples);
  array_view<int, 1> bins(bin_count, bins_host);  // starts at zero: copied in
  const kernel histogram =
      kernel::from_file(ampcl_examples::kernel_path("histogram.cl"), "histogram")
          .define("BINS", bin_count);
  parallel_for_each(data.get_extent().tile<tile_size>().pad(), histogram, data, bins);
  bins.synchronize();

  std::vector<int> expected(bin_count, 0);
  for (unsigned s : samples) ++expected[s % bin_count];
  bool ok = true;
  for (int b = 0; b < bin_count; ++b) {
    ok = ok && bins_host[b] == expected[b];
    std::cout << (b < 10 ? " " : "") << b << " " << bins_host[b] << "\t"
              << std::string(static_cast<std::size_t>(60.0 * bins_host[b] / count * 4), '#')
              << "\n";
  }
  std::cout << count << " samples; " << (ok ? "OK: every bin matches the host count" : "WRONG")
            << "\n";
  return ok ? 0 : 1;
}
