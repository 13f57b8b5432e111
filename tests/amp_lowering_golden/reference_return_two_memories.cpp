// Construct: a restrict(amp) function returning `const T&` to one of two operands, called
// with a tile_static element and a local (C++ AMP BLAS's max).
// Why this OpenCL: the result would point to two kinds of memory, which OpenCL C 1.2
// cannot type, and a const reference is only read: the clone returns the value (reading
// each operand in its own address space) and the call keeps it in a private slot whose
// address stands for the reference.
//
// CHECK-LABEL: int larger(__local int *a, int *b) {
// CHECK:         return (((*a) > (*b)) ? (*a) : (*b));
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(
// CHECK:         m = (*(tmp[[SLOT:[0-9]+]] = larger(&(*ts_best)[i_], &m), &tmp[[SLOT]]));

#include "golden.h"
using namespace concurrency;

template <typename T>
const T& larger(const T& a, const T& b) restrict(cpu, amp) {
  return a > b ? a : b;
}

int main() {
  const int n = 128;
  std::vector<int> in(n), out(n / 64, -1);
  for (int i = 0; i < n; ++i) in[i] = (i * 37) % 101;
  array_view<const int, 1> a(n, in);
  array_view<int, 1> o(n / 64, out);
  parallel_for_each(a.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int best[64];
    best[t.local[0]] = a[t.global];
    t.barrier.wait();
    if (t.local[0] == 0) {
      int m = -1;
      for (int i = 0; i < 64; ++i) m = larger(best[i], m);
      o[t.tile] = m;
    }
  });
  for (int b = 0; b < n / 64; ++b) {
    int m = -1;
    for (int i = 0; i < 64; ++i) m = std::max(m, in[b * 64 + i]);
    EXPECT_EQ(o[b], m);
  }
  return golden_report("reference_return_two_memories");
}
