// PPL's parallel_for_each(first, last, f) beside C++ AMP's parallel_for_each(extent,
// kernel) in one file, both unqualified after `using namespace concurrency;`, as in
// Visual C++: the iterators' overload runs on the CPU's threads (oneTBB), the
// extent's launches the kernel ampcl-c++ translated.
#include <amp.h>
#include <ppl.h>

#include <algorithm>
#include <atomic>
#include <numeric>
#include <vector>

#include "../amp_check.h"

using namespace concurrency;

int main() {
  const int n = 1 << 16;
  std::vector<int> host(n);
  std::iota(host.begin(), host.end(), 0);

  // On the CPU: PPL's overload, over iterators.
  std::atomic<int> calls{0};
  parallel_for_each(host.begin(), host.end(), [&calls](int& x) {
    x = x * 2;
    calls.fetch_add(1);
  });
  AMP_CHECK(calls.load() == n && host[n - 1] == 2 * (n - 1));

  // On the accelerator: C++ AMP's overload, over an extent.
  array_view<int, 1> view(n, host);
  parallel_for_each(
      view.extent, [=](index<1> i) restrict(amp) { view[i] += 1; });
  view.synchronize();
  bool ok = true;
  for (int i = 0; i < n; ++i) ok &= host[i] == 2 * i + 1;
  AMP_CHECK(ok);

  // Both again, the PPL one with a partitioner and the tiled kernel form.
  std::vector<int> squares(n);
  parallel_for_each(
      squares.begin(), squares.end(), [](int& x) { x = 3; }, static_partitioner());
  array_view<int, 1> sq(n, squares);
  parallel_for_each(
      sq.extent.tile<256>(), [=](tiled_index<256> t) restrict(amp) {
        sq[t.global] *= t.global[0];
      });
  sq.synchronize();
  ok = true;
  for (int i = 0; i < n; ++i) ok &= squares[i] == 3 * i;
  AMP_CHECK(ok);
  return amp_check::finish("ppl_and_kernel");
}
