// Short vectors in kernels: as array_view element types (C++ AMP's layout in global
// memory: a float_3 is 12 bytes there too), with constructors, conversions,
// swizzle reads (properties) and writes (set_ functions; property writes are
// swizzle_writes_test.cpp's), operators, and norm/unorm clamping. Each kernel runs a
// restrict(cpu, amp) function that the host runs too: integer and norm results
// must be equal, float results within 2 ulps (the device may contract a * b + c).
#include <amp.h>
#include <amp_short_vectors.h>

#include <cmath>
#include <vector>

#include "device_check.h"

using namespace concurrency;
using namespace concurrency::graphics;

namespace {

constexpr int n = 512;

// Mixes every kind of operation on an int_4 and an int_3.
int_4 integer_work(int_4 a, int_3 b) restrict(cpu, amp) {
  int_4 r = a;
  r.set_wzyx(a);                      // 4-swizzle write
  r.set_xy(r.xy + b.zx);              // 2-swizzles
  r.set_xyz(r.bgr * int_3(2, 3, 4));  // rgba names
  r ^= int_4(b.y);
  const int_4 low = a & int_4(0xFFFF);  // shifts of non-negative values only
  r = r % int_4(97) + (low << int_4(1)) - (low >> int_4(2));
  r.set_z(-r.z + ~b.x);
  uint_4 u(r);
  u |= uint_4(0x100u);
  u &= uint_4(0xFFFFu);
  b.set_x(b.x + 1);
  --b;
  b.ref_z() += 3;
  return int_4(u) + int_4(b.x, b.y, b.z, 1);
}

// Float swizzles, conversions, arithmetic with scalars.
float_3 float_work(float_3 a, float_2 b) restrict(cpu, amp) {
  float_3 r = a * 2.0f + float_3(b.y, b.x, 1.5f);
  r.set_yz(r.zy / float_2(4.0f, -8.0f));
  r -= float_3(int_3(a));  // truncating conversion
  r.set_x(r.x * b.x);
  float_4 wide(r.x, r.y, r.z, a.y);
  wide.set_wx(-wide.xw);
  return wide.yzw + float_3(norm_3(a.zyx));
}

// norm and unorm: construction and arithmetic clamp.
float_4 norm_work(float_4 a) restrict(cpu, amp) {
  norm_4 s(a);                 // clamped into [-1, 1]
  unorm_4 u(a);                // clamped into [0, 1]
  norm_4 sum = s + norm_4(u);  // clamped again
  unorm_2 diff = u.xy - u.zw;  // clamped at 0
  norm n = s.w * norm(0.5f);
  n += norm(2.0f);
  return float_4(float(sum.x) + float(diff.y), float(sum.y) - float(diff.x), float(n),
                 float(unorm(norm(-0.25f))) + float(s.z * unorm(0.5f)));
}

void integers() {
  std::vector<int_4> a(n), expected(n);
  std::vector<int_3> b(n);
  std::vector<int_4> out(n, int_4(-99));
  for (int i = 0; i < n; ++i) {
    a[i] = int_4(i * 7 - 900, i * 13, -i, i % 17);
    b[i] = int_3(i % 5 - 2, i * 3 + 1, 11 - i);
    expected[i] = integer_work(a[i], b[i]);
  }
  array_view<const int_4, 1> av(n, a);
  array_view<const int_3, 1> bv(n, b);
  array_view<int_4, 1> ov(n, out);
  parallel_for_each(
      ov.extent, [=](index<1> i) restrict(amp) { ov[i] = integer_work(av[i], bv[i]); });
  ov.synchronize();
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    if (!(out[i] == expected[i]) && ++wrong <= 3)
      std::fprintf(stderr, "    integer_work %d: (%d %d %d %d), host (%d %d %d %d)\n", i, out[i].x,
                   out[i].y, out[i].z, out[i].w, expected[i].x, expected[i].y, expected[i].z,
                   expected[i].w);
  AMP_CHECK(wrong == 0);
}

bool close(float got, float want) {
  return amp_check::ulp_error<float>(got, want) <= 2;
}

void floats() {
  static_assert(sizeof(float_3) == 12, "C++ AMP's layout");
  std::vector<float_3> a(n), expected(n), out(n, float_3(device_check::poison<float>()));
  std::vector<float_2> b(n);
  for (int i = 0; i < n; ++i) {
    a[i] = float_3(i * 0.37f - 40, std::sin(float(i)) * 9, 1.0f / (i + 1));
    b[i] = float_2(i * 0.01f + 0.5f, -i * 0.25f);
    expected[i] = float_work(a[i], b[i]);
  }
  array_view<const float_3, 1> av(n, a);
  array_view<const float_2, 1> bv(n, b);
  array_view<float_3, 1> ov(n, out);
  parallel_for_each(
      ov.extent, [=](index<1> i) restrict(amp) { ov[i] = float_work(av[i], bv[i]); });
  ov.synchronize();
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    const bool ok = close(out[i].x, expected[i].x) && close(out[i].y, expected[i].y) &&
                    close(out[i].z, expected[i].z);
    if (!ok && ++wrong <= 3)
      std::fprintf(stderr, "    float_work %d: (%.9g %.9g %.9g), host (%.9g %.9g %.9g)\n", i,
                   out[i].x, out[i].y, out[i].z, expected[i].x, expected[i].y, expected[i].z);
  }
  AMP_CHECK(wrong == 0);
}

void norms() {
  std::vector<float_4> a(n), expected(n), out(n, float_4(device_check::poison<float>()));
  for (int i = 0; i < n; ++i) {
    a[i] = float_4(i / 100.0f - 2.5f, std::cos(float(i)) * 1.5f, 0.75f - i / 300.0f,
                   i % 2 ? 3.0f : -3.0f);
    expected[i] = norm_work(a[i]);
  }
  array_view<const float_4, 1> av(n, a);
  array_view<float_4, 1> ov(n, out);
  parallel_for_each(
      ov.extent, [=](index<1> i) restrict(amp) { ov[i] = norm_work(av[i]); });
  ov.synchronize();
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    const bool ok = close(out[i].x, expected[i].x) && close(out[i].y, expected[i].y) &&
                    close(out[i].z, expected[i].z) && close(out[i].w, expected[i].w);
    const bool in_range = std::fabs(out[i].z) <= 1;
    if ((!ok || !in_range) && ++wrong <= 3)
      std::fprintf(stderr, "    norm_work %d: (%.9g %.9g %.9g %.9g), host (%.9g %.9g %.9g %.9g)\n",
                   i, out[i].x, out[i].y, out[i].z, out[i].w, expected[i].x, expected[i].y,
                   expected[i].z, expected[i].w);
  }
  AMP_CHECK(wrong == 0);
}

// norm_2 and double_3 elements in memory: kernels read and write them in place.
void layouts_in_global_memory() {
  std::vector<norm_2> s(n);
  for (int i = 0; i < n; ++i) s[i] = norm_2(i / float(n), -i / float(n));
  array_view<norm_2, 1> sv(n, s);
  parallel_for_each(
      sv.extent, [=](index<1> i) restrict(amp) { sv[i] = sv[i].yx; });
  sv.synchronize();
  for (int i = 0; i < n; ++i)
    AMP_CHECK(float(s[i].x) == -i / float(n) && float(s[i].y) == i / float(n));

  if (!device_check::device_has_fp64()) return;
  std::vector<double_3> d(n);
  for (int i = 0; i < n; ++i) d[i] = double_3(i, -i * 0.5, i * 0.25);
  array_view<double_3, 1> dv(n, d);
  parallel_for_each(
      dv.extent, [=](index<1> i) restrict(amp) { dv[i].set_zx(dv[i].xz); });
  dv.synchronize();
  for (int i = 0; i < n; ++i) AMP_CHECK(d[i] == double_3(i * 0.25, -i * 0.5, i));
}

}  // namespace

int main() {
  std::printf("short vectors on %ls\n", accelerator().description.c_str());
  integers();
  floats();
  norms();
  layouts_in_global_memory();
  return amp_check::finish("short_vectors_test");
}
