// Captures: scalars, structs and C arrays by value, array_view by value, array by
// reference, bool and double; a functor with members; a lambda called in a kernel.
#include "check.h"

using namespace concurrency;

struct Params {
  int scale;
  float offset;
  double weight;
};

struct Functor {
  array_view<int, 1> out;
  int add;
  bool negate;
  void operator()(index<1> i) const restrict(amp) {
    const int v = i[0] + add;
    out[i] = negate ? -v : v;
  }
};

int main() {
  const int n = 64;
  std::vector<int> out(n, poison);
  array_view<int, 1> av(n, out);
  const Params p = {3, 0.5f, 2.0};
  const int table[4] = {10, 20, 30, 40};
  const bool flag = true;
  array<int, 1> source(n);
  parallel_for_each(source.extent, [&source](index<1> i) restrict(amp) { source[i] = 2 * i[0]; });
  parallel_for_each(av.extent, [=, &source](index<1> i) restrict(amp) {
    const int base = static_cast<int>(source[i] * p.scale + p.offset * p.weight);
    av[i] = flag ? base + table[i[0] % 4] : poison;
  });
  for (int i = 0; i < n; ++i) CHECK_EQ(av[i], static_cast<int>(2 * i * 3 + 0.5f * 2.0) + (i % 4 + 1) * 10);

  std::vector<int> f(n, poison);
  array_view<int, 1> fv(n, f);
  parallel_for_each(fv.extent, Functor{fv, 7, true});
  for (int i = 0; i < n; ++i) CHECK_EQ(fv[i], -(i + 7));

  std::vector<int> l(n, poison);
  array_view<int, 1> lv(n, l);
  const int k = 5;
  parallel_for_each(lv.extent, [=](index<1> i) restrict(amp) {
    auto twice = [=](int x) restrict(amp) { return 2 * x + k; };
    lv[i] = twice(i[0]);
  });
  for (int i = 0; i < n; ++i) CHECK_EQ(lv[i], 2 * i + 5);
  return report("captures");
}
