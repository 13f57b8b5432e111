// Construct: array_view<int, 1> (not const) that a kernel only reads, beside views it
// writes directly, through a helper's reference parameter, by an atomic, and through a
// pointer taken from the view.
// Why this OpenCL: a __global pointer the kernel provably never writes through is
// declared `const` (LLVM's readonly on the kernel compiled at -O2 with everything
// inlined: read_only_params.hpp), so the launch leaves the host's copy current and
// nothing is copied back; every way of writing keeps the parameter writable.
//
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(extent_1 ov_M_extent,
// CHECK:          __global int *ov,
// CHECK:          __global const int *av,
// CHECK:          __global const int *bv,
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(extent_1 sv_M_extent,
// CHECK:          __global int *sv,
// CHECK:          __global const int *bv,
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(extent_1 av_M_extent,
// CHECK:          __global const int *av,
// CHECK:          __global int *hv,
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(extent_1 pv_M_extent,
// CHECK:          __global int *pv,
// CHECK:          __global const int *av,
// CHECK-LABEL: __kernel void main_line{{[0-9]+}}(extent_1 writer_M_extent,
// CHECK:          __global int *writer,
// CHECK:          __global const int *reader,
// CHECK-LABEL: __kernel __attribute__((reqd_work_group_size(16, 1, 1))) void main_line{{[0-9]+}}(
// CHECK:          __global const int *bias,
// CHECK:          __global int *tile_sums,
// CHECK:          __global const int *av) {

#include "golden.h"
using namespace concurrency;

void add_into(int& to, const int& from) restrict(amp) { to += from; }

int main() {
  const int n = 64;
  std::vector<int> a(n), b(n), out(n, -1), sum(n, 0), hits(1, 0), via(n, -1);
  for (int i = 0; i < n; ++i) a[i] = i, b[i] = 3 * i;
  array_view<int, 1> av(n, a), bv(n, b), ov(n, out), sv(n, sum), hv(1, hits), pv(n, via);
  // Only read: `av` and `bv` become `const`; `ov` is written.
  parallel_for_each(ov.extent, [=](index<1> i) restrict(amp) { ov[i] = av[i] + bv[i]; });
  // Written through a reference parameter of a helper: not const; read through a
  // const reference: const.
  parallel_for_each(sv.extent, [=](index<1> i) restrict(amp) { add_into(sv[i], bv[i]); });
  // Written by an atomic: not const.
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
    if (av[i] % 2 == 0) atomic_fetch_add(&hv[0], 1);
  });
  // Written through a pointer taken from the view: not const.
  parallel_for_each(pv.extent, [=](index<1> i) restrict(amp) {
    int* p = &pv[0];
    p[i[0]] = av[i] * 2;
  });
  // Tiled, with arrays captured by reference (the functor holds pointers to them): the
  // view read into tile_static memory and the array only read are const, the array
  // written is not (Bolt's scans have this shape).
  std::vector<int> ones(n / 16, 1);
  array<int, 1> bias(n / 16, ones.begin()), tile_sums(n / 16);
  parallel_for_each(av.extent.tile<16>(), [=, &bias, &tile_sums](tiled_index<16> t) restrict(amp) {
    tile_static int staged[16];
    staged[t.local[0]] = av[t.global];
    t.barrier.wait();
    if (t.local[0] == 0) {
      int s = bias[t.tile];
      for (int k = 0; k < 16; ++k) s += staged[k];
      tile_sums[t.tile] = s;
    }
  });
  std::vector<int> sums = tile_sums;
  for (int g = 0; g < n / 16; ++g) EXPECT_EQ(sums[g], 1 + 16 * 16 * g + 120);
  for (int i = 0; i < n; ++i) {
    EXPECT_EQ(ov[i], 4 * i);
    EXPECT_EQ(sv[i], 3 * i);
    EXPECT_EQ(pv[i], 2 * i);
  }
  EXPECT_EQ(hv[0], n / 2);
  // A view the kernel only reads leaves its host memory as it was: here a second
  // view over the same vector writes it, and the reading view, the last of its
  // data source to go, must not copy its device copy back over that (Bolt's
  // remove_if does this).
  std::vector<int> shared(n);
  for (int i = 0; i < n; ++i) shared[i] = i;
  {
    array_view<int, 1> reader(n, shared);
    array_view<int, 1> writer(n, shared);
    parallel_for_each(writer.extent, [=](index<1> i) restrict(amp) { writer[i] = 5 * reader[i]; });
    writer.synchronize();
  }
  for (int i = 0; i < n; ++i) EXPECT_EQ(shared[i], 5 * i);
  return golden_report("read_only_inferred");
}
