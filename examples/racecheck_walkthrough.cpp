// Beyond the documents: the race-check walkthrough's kernel (docs/racecheck-walkthrough.md),
// one step at a time. Run a step plainly, or under the checker:
//   ampcl-racecheck-walkthrough 0
//   ampcl-racecheck -- ampcl-racecheck-walkthrough 0
// Prints the tile's pair sums and the total, and exits 1 if either is wrong
// (a racy step may still compute the right answer: that is what makes races hard).
#include <ampcl/ampcl.hpp>
#include <cstdlib>
#include <iostream>
#include <numeric>
#include <string>
#include <vector>

using namespace ampcl;

int main(int argc, char** argv) {
  const int step = argc > 1 ? std::atoi(argv[1]) : 3;
  if (step < 0 || step > 3) {
    std::cerr << "usage: ampcl-racecheck-walkthrough [STEP 0..3]\n";
    return 2;
  }
  constexpr int n = 64, tile = 16;  // as the .sim files launch it
  std::vector<int> in_host(n), out_host(n, 0), total_host(1, 0);
  std::iota(in_host.begin(), in_host.end(), 1);

  array_view<const int, 1> in(n, in_host);
  array_view<int, 1> out(n, out_host);
  array_view<int, 1> total(1, total_host);
  out.discard_data();
  const std::string file =
      std::string(AMPCL_EXAMPLE_RACES) + "/pair_sums_step" + std::to_string(step) + ".cl";
  parallel_for_each(in.get_extent().tile<tile>(), kernel::from_file(file, "pair_sums"), in, out,
                    total);
  out.synchronize();
  total.synchronize();

  bool ok = true;
  for (int i = 0; i < n; ++i) {
    const int right = (i % tile == tile - 1) ? i + 1 - tile : i + 1;
    ok = ok && out_host[i] == in_host[i] + in_host[right];
  }
  const int expected_total = 2 * std::accumulate(in_host.begin(), in_host.end(), 0);
  std::cout << "step " << step << ": pair sums " << (ok ? "right" : "WRONG") << ", total "
            << total_host[0] << " (expected " << expected_total << ")\n";
  return ok && total_host[0] == expected_total ? 0 : 1;
}
