// Arrays without host memory, as C++ AMP makes them by default on a discrete GPU
// (cpu_access_type access_type_none): every way in and out goes through copies,
// never the host pointer. Made explicitly here so PoCL, which shares the CPU's
// memory, takes the same path as NVIDIA's driver.
#include <amp.h>

#include <numeric>
#include <vector>

#include "device_check.h"

using namespace concurrency;

int main() {
  const int n = 1000;
  std::vector<int> input(n);
  std::iota(input.begin(), input.end(), 1);
  accelerator_view av = accelerator().default_view;

  array<int, 1> a(extent<1>(n), input.begin(), input.end(), av, access_type_none);  // from a range
  array<int, 1> b(extent<1>(n), input.begin(), av, access_type_none);               // from a first
  AMP_CHECK(a.get_cpu_access_type() == access_type_none);
  AMP_CHECK(a.data() == nullptr);  // C++ AMP: no host pointer for such an array
  const array<int, 1>& const_b = b;
  AMP_CHECK(const_b.data() == nullptr);
  parallel_for_each(
      a.extent, [&a, &b ](index<1> i) restrict(amp) { a[i] = a[i] * 10 + b[i]; });

  std::vector<int> out(n, -7);  // poison
  out = a;                      // operator std::vector
  for (int i = 0; i < n; ++i) AMP_CHECK(out[i] == 11 * (i + 1));

  std::vector<int> copied(n, -7);
  copy(a, copied.begin());
  AMP_CHECK(copied == out);

  array<int, 2> c(extent<2>(10, 100), input.begin(), input.end(), av, access_type_none);
  std::vector<int> back = c;
  AMP_CHECK(back == input);
  return amp_check::finish("no_host_access_test");
}
