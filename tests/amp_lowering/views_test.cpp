// Views in kernels: sections, projections, view_as, reinterpret_as, const views,
// rank 4 and 5 (one OpenCL dimension), array_view over an array, data().
#include "check.h"

using namespace concurrency;

int main() {
  // A 2-D section written through its own index space.
  std::vector<int> m(8 * 10, poison);
  array_view<int, 2> mv(8, 10, m);
  array_view<int, 2> part = mv.section(index<2>(2, 3), extent<2>(4, 5));
  parallel_for_each(part.extent, [=](index<2> i) restrict(amp) { part[i] = 100 * i[0] + i[1]; });
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 10; ++c) {
      const bool inside = r >= 2 && r < 6 && c >= 3 && c < 8;
      CHECK_EQ(mv(r, c), inside ? 100 * (r - 2) + (c - 3) : poison);
    }

  // Projections and sections taken inside the kernel, from a const view.
  std::vector<int> src(6 * 7);
  for (int i = 0; i < 42; ++i) src[i] = i * 3;
  array_view<const int, 2> sv(6, 7, src);
  std::vector<int> rows(6, poison);
  array_view<int, 1> rv(6, rows);
  parallel_for_each(rv.extent, [=](index<1> i) restrict(amp) {
    array_view<const int, 1> row = sv[i[0]];
    array_view<const int, 2> corner = sv.section(index<2>(1, 1));
    int sum = 0;
    for (int c = 0; c < 7; ++c) sum += row[c];
    rv[i] = sum + corner(0, 0);
  });
  for (int r = 0; r < 6; ++r) {
    int sum = 0;
    for (int c = 0; c < 7; ++c) sum += src[r * 7 + c];
    CHECK_EQ(rv[r], sum + src[8]);
  }

  // view_as and reinterpret_as.
  std::vector<float> f(16);
  for (int i = 0; i < 16; ++i) f[i] = 1.5f * i;
  array_view<float, 1> fv(16, f);
  std::vector<int> bits(16, poison), grid(16, poison);
  array_view<int, 1> bv(16, bits);
  array_view<int, 2> gv = array_view<int, 1>(16, grid).view_as(extent<2>(4, 4));
  parallel_for_each(fv.extent, [=](index<1> i) restrict(amp) {
    array_view<int, 1> as_int = fv.reinterpret_as<int>();
    bv[i] = as_int[i];
    array_view<float, 2> square = fv.view_as(extent<2>(4, 4));
    gv(i[0] / 4, i[0] % 4) = static_cast<int>(square(i[0] % 4, i[0] / 4));
  });
  gv.synchronize();  // the vector itself is read below
  for (int i = 0; i < 16; ++i) {
    CHECK_EQ(bv[i], bits_of(1.5f * i));
    CHECK_EQ(grid[i], static_cast<int>(1.5f * ((i % 4) * 4 + i / 4)));
  }

  // Rank 4 and 5.
  const int dims[5] = {2, 3, 4, 5, 2};
  extent<5> e5(dims);
  std::vector<int> r5(e5.size(), poison);
  array_view<int, 5> v5(e5, r5);
  parallel_for_each(e5, [=](index<5> i) restrict(amp) {
    v5[i] = i[0] * 10000 + i[1] * 1000 + i[2] * 100 + i[3] * 10 + i[4];
  });
  v5.synchronize();
  int linear = 0;
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 3; ++b)
      for (int c = 0; c < 4; ++c)
        for (int d = 0; d < 5; ++d)
          for (int e = 0; e < 2; ++e) CHECK_EQ(r5[linear++], a * 10000 + b * 1000 + c * 100 + d * 10 + e);

  // An array, viewed by an array_view in the kernel; data() on both sides.
  array<int, 1> arr(32);
  array_view<int, 1> arr_view(arr);
  parallel_for_each(arr.extent, [=](index<1> i) restrict(amp) {
    int* p = arr_view.data();
    p[i[0]] = i[0] * i[0];
  });
  std::vector<int> back = arr;
  for (int i = 0; i < 32; ++i) CHECK_EQ(back[i], i * i);
  return report("views");
}
