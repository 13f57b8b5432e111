// <amp_short_vectors.h> on the host: C++ AMP's layout, every constructor and
// operator, every swizzle (its get_ function, its xyzw and rgba properties, and its
// set_ function), norm/unorm clamping, short_vector and short_vector_traits.
#include <amp_graphics.h>

#include <string>
#include <type_traits>

#include "amp_check.h"

using namespace concurrency::graphics;

// C++ AMP's layout: N scalars, nothing else (float_3 is 12 bytes, not OpenCL's 16).
static_assert(sizeof(norm) == 4 && sizeof(unorm) == 4, "norm and unorm hold one float");
static_assert(sizeof(int_2) == 8 && sizeof(uint_3) == 12 && sizeof(float_4) == 16, "");
static_assert(sizeof(float_3) == 12 && sizeof(norm_3) == 12 && sizeof(unorm_3) == 12, "");
static_assert(sizeof(double_2) == 16 && sizeof(double_3) == 24 && sizeof(double_4) == 32, "");
static_assert(alignof(float_3) == 4 && alignof(double_3) == 8, "");
static_assert(std::is_standard_layout<float_4>::value && std::is_standard_layout<norm_2>::value,
              "");
// array_view copies elements as bytes.
static_assert(std::is_trivially_copyable<float_3>::value &&
                  std::is_trivially_copyable<norm>::value &&
                  std::is_trivially_copyable<unorm_4>::value &&
                  std::is_trivially_copyable<double_2>::value,
              "short vectors are trivially copyable");
static_assert(std::is_same<short_vector<float, 3>::type, float_3>::value, "");
static_assert(std::is_same<short_vector<unsigned int, 2>::type, uint_2>::value, "");
static_assert(std::is_same<short_vector<unorm, 4>::type, unorm_4>::value, "");
static_assert(std::is_same<short_vector<double, 1>::type, double>::value, "");
static_assert(std::is_same<short_vector_traits<norm_3>::value_type, norm>::value, "");
static_assert(short_vector_traits<norm_3>::size == 3 && short_vector_traits<int>::size == 1, "");
static_assert(std::is_same<short_vector_traits<uint_4>::value_type, unsigned int>::value, "");
static_assert(std::is_same<float_2::value_type, float>::value && double_4::size == 4, "");
static_assert(std::is_same<uint, unsigned int>::value, "graphics::uint");
// Conversions between vectors are explicit, broadcasting a scalar is not.
static_assert(!std::is_convertible<float_2, int_2>::value, "");
static_assert(std::is_constructible<int_2, float_2>::value, "");
static_assert(!std::is_constructible<int_2, float_3>::value, "sizes differ");
static_assert(std::is_convertible<int, int_4>::value, "");
static_assert(!std::is_convertible<float, norm>::value && std::is_convertible<unorm, norm>::value,
              "");

namespace {

// Component i of a swizzle name, in xyzw or rgba letters.
int component(char letter) {
  return static_cast<int>(std::string("xyzwrgba").find(letter) % 4);
}

int_4 source() {
  return int_4(10, 20, 30, 40);
}
int at(const int_4& v, int i) {
  return i == 0 ? v.x : i == 1 ? v.y : i == 2 ? v.z : v.w;
}

// The vector of components w[0..N) of the size of V.
int_2 vector_of(const int* w, const int_2*) {
  return int_2(w[0], w[1]);
}
int_3 vector_of(const int* w, const int_3*) {
  return int_3(w[0], w[1], w[2]);
}
int_4 vector_of(const int* w, const int_4*) {
  return int_4(w[0], w[1], w[2], w[3]);
}

// A swizzle reads the components its name lists, in order, through its property
// and its get_ function; its set_ function writes them back where they came from.
template <class V>
void check_swizzle(const char* name, V got, V (int_4::*get)() const, void (int_4::*set)(const V&)) {
  const int_4 v = source();
  int want[4] = {};
  for (int i = 0; i < V::size; ++i) want[i] = at(v, component(name[i]));
  if (!AMP_CHECK(got == vector_of(want, static_cast<const V*>(nullptr))))
    std::fprintf(stderr, "    swizzle %s\n", name);
  AMP_CHECK(got == (v.*get)());
  int_4 target(0);
  (target.*set)(got);
  for (int i = 0; i < V::size; ++i)
    if (!AMP_CHECK(at(target, component(name[i])) == want[i]))
      std::fprintf(stderr, "    set_%s, component %d\n", name, i);
}

}  // namespace

// Every swizzle of int_4, written out independently of the header's lists: 12
// pairs, 24 triples, 24 quadruples.
#define S2(a, b) check_swizzle(#a #b, v.a##b, &int_4::get_##a##b, &int_4::set_##a##b);
#define S3(a, b, c) \
  check_swizzle(#a #b #c, v.a##b##c, &int_4::get_##a##b##c, &int_4::set_##a##b##c);
#define S4(a, b, c, d) \
  check_swizzle(#a #b #c #d, v.a##b##c##d, &int_4::get_##a##b##c##d, &int_4::set_##a##b##c##d);

void every_swizzle_of_int_4() {
  const int_4 v = source();
  // clang-format off
  S2(x, y) S2(x, z) S2(x, w) S2(y, x) S2(y, z) S2(y, w)
  S2(z, x) S2(z, y) S2(z, w) S2(w, x) S2(w, y) S2(w, z)
  S3(x, y, z) S3(x, y, w) S3(x, z, y) S3(x, z, w) S3(x, w, y) S3(x, w, z)
  S3(y, x, z) S3(y, x, w) S3(y, z, x) S3(y, z, w) S3(y, w, x) S3(y, w, z)
  S3(z, x, y) S3(z, x, w) S3(z, y, x) S3(z, y, w) S3(z, w, x) S3(z, w, y)
  S3(w, x, y) S3(w, x, z) S3(w, y, x) S3(w, y, z) S3(w, z, x) S3(w, z, y)
  S4(x, y, z, w) S4(x, y, w, z) S4(x, z, y, w) S4(x, z, w, y) S4(x, w, y, z) S4(x, w, z, y)
  S4(y, x, z, w) S4(y, x, w, z) S4(y, z, x, w) S4(y, z, w, x) S4(y, w, x, z) S4(y, w, z, x)
  S4(z, x, y, w) S4(z, x, w, y) S4(z, y, x, w) S4(z, y, w, x) S4(z, w, x, y) S4(z, w, y, x)
  S4(w, x, y, z) S4(w, x, z, y) S4(w, y, x, z) S4(w, y, z, x) S4(w, z, x, y) S4(w, z, y, x)
      // clang-format on
      // The rgba names are the same swizzles.
      AMP_CHECK(v.rg == v.xy && v.ba == v.zw && v.gr == v.yx && v.abgr == v.wzyx);
  AMP_CHECK(v.rgb == v.xyz && v.bar == v.zwx && v.argb == v.wxyz);
  AMP_CHECK(v.r == v.x && v.g == v.y && v.b == v.z && v.a == v.w);
}
#undef S2
#undef S3
#undef S4

void components_and_smaller_vectors() {
  float_4 f(1, 2, 3, 4);
  f.x = 5;
  f.a = 7;
  AMP_CHECK(f == float_4(5, 2, 3, 7));
  f.yx = float_2(8, 9);
  AMP_CHECK(f.x == 9 && f.y == 8);
  f.ref_z() = 11;
  f.ref_g() += 1;
  AMP_CHECK(f == float_4(9, 9, 11, 7));
  AMP_CHECK(&f.ref_y() == &f.ref_x() + 1 && &f.ref_w() == &f.ref_x() + 3);  // consecutive
  double_3 d(1, 2, 3);
  d.zx = double_2(30, 10);
  AMP_CHECK(d == double_3(10, 2, 30));
  AMP_CHECK(d.zyx == double_3(30, 2, 10) && d.bgr == d.zyx && d.xz == double_2(10, 30));
  uint_2 u(3, 4);
  u.yx = u;  // reads all of u before it writes
  AMP_CHECK(u.x == 4 && u.y == 3 && u.rg == u.xy && u.gr == uint_2(3, 4));
}

void constructors_and_conversions() {
  AMP_CHECK(int_3() == int_3(0, 0, 0) && double_4() == double_4(0.0));
  AMP_CHECK(norm_2() == norm_2(0.0f, 0.0f));
  AMP_CHECK(float_3(2.5f) == float_3(2.5f, 2.5f, 2.5f));
  const int_4 broadcast = 7;
  AMP_CHECK(broadcast == int_4(7, 7, 7, 7));
  AMP_CHECK(int_2(float_2(2.9f, -2.9f)) == int_2(2, -2));  // truncates, as static_cast
  AMP_CHECK(float_3(int_3(1, -2, 3)) == float_3(1, -2, 3));
  AMP_CHECK(uint_2(int_2(5, 6)) == uint_2(5u, 6u));
  AMP_CHECK(double_2(float_2(0.5f, 0.25f)) == double_2(0.5, 0.25));
  AMP_CHECK(norm_3(float_3(2, -2, 0.5f)) == norm_3(1.0f, -1.0f, 0.5f));  // clamped
  AMP_CHECK(unorm_2(norm_2(-0.5f, 0.5f)) == unorm_2(0.0f, 0.5f));        // clamped
  AMP_CHECK(norm_2(unorm_2(0.25f, 1.0f)) == norm_2(0.25f, 1.0f));
  AMP_CHECK(norm_2(unorm(0.5f), unorm(0.75f)) == norm_2(0.5f, 0.75f));
  AMP_CHECK(norm_4(0.5f) == norm_4(norm(0.5f)) && unorm_3(3.0f) == unorm_3(1.0f, 1.0f, 1.0f));
  AMP_CHECK(float_2(norm_2(-0.5f, 0.5f)) == float_2(-0.5f, 0.5f));
  AMP_CHECK(int_4(unorm_4(1.0f)) == int_4(1));
  AMP_CHECK(double_4(int_4(-1, 2, -3, 4)) == double_4(-1, 2, -3, 4));
  const float_2 copy(float_2(1, 2));
  float_2 assigned;
  assigned = copy;
  AMP_CHECK(assigned == copy);
}

void operators() {
  int_3 a(7, -8, 9), b(2, 3, 4);
  AMP_CHECK(a + b == int_3(9, -5, 13) && a - b == int_3(5, -11, 5));
  AMP_CHECK(a * b == int_3(14, -24, 36) && a / b == int_3(3, -2, 2));
  AMP_CHECK(a % b == int_3(1, -2, 1));
  AMP_CHECK((a & b) == int_3(2, 0, 0) && (a | b) == int_3(7, -5, 13) &&
            (a ^ b) == int_3(5, -5, 13));
  AMP_CHECK((b << int_3(1)) == int_3(4, 6, 8) && (a >> int_3(1)) == int_3(3, -4, 4));
  AMP_CHECK(-a == int_3(-7, 8, -9) && ~b == int_3(-3, -4, -5));
  AMP_CHECK(a * 2 == int_3(14, -16, 18) && 2 * a == a + a);  // scalars broadcast
  AMP_CHECK(a != b && !(a == b));
  uint_4 u(1, 2, 3, 4);
  u <<= uint_4(2);
  u |= uint_4(1);
  u ^= uint_4(3);
  u &= uint_4(0xF);
  u %= uint_4(7);
  u >>= uint_4(1);
  AMP_CHECK(u == uint_4(3, 1, 0, 1));  // (4 8 12 16) (5 9 13 17) (6 10 14 18) (6 10 14 2) (6 3 0 2)
  AMP_CHECK(~uint_2(0u, 1u) == uint_2(0xFFFFFFFFu, 0xFFFFFFFEu));
  float_2 f(1.5f, -2.0f);
  AMP_CHECK(++f == float_2(2.5f, -1.0f) && f++ == float_2(2.5f, -1.0f) && f == float_2(3.5f, 0.0f));
  AMP_CHECK(--f == float_2(2.5f, -1.0f) && f-- == float_2(2.5f, -1.0f));
  f *= float_2(2);
  f /= float_2(4);
  f -= float_2(1);
  f += float_2(0.5f);
  AMP_CHECK(f == float_2(0.25f, -1.5f));  // (3 -4) (0.75 -1) (-0.25 -2) (0.25 -1.5)
  AMP_CHECK(-double_2(1, -2) == double_2(-1, 2));
  AMP_CHECK(-norm_2(0.5f, -1.0f) == norm_2(-0.5f, 1.0f));
  // norm and unorm vectors clamp every result.
  AMP_CHECK(norm_2(0.75f, -0.75f) + norm_2(0.75f, -0.75f) == norm_2(1.0f, -1.0f));
  AMP_CHECK(unorm_2(0.25f, 0.5f) - unorm_2(0.5f, 0.25f) == unorm_2(0.0f, 0.25f));
  unorm_3 grow(0.5f);
  ++grow;
  AMP_CHECK(grow == unorm_3(1.0f));
}

void norm_and_unorm() {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  AMP_CHECK(float(norm(2.0f)) == 1 && float(norm(-2.0f)) == -1 && float(norm(0.25f)) == 0.25f);
  AMP_CHECK(float(norm(nan)) == 0 && float(unorm(nan)) == 0);  // Direct3D's rule
  AMP_CHECK(float(norm(3)) == 1 && float(norm(-3)) == -1 && float(norm(1u)) == 1);
  AMP_CHECK(float(norm(0.5)) == 0.5f && float(norm()) == 0);
  AMP_CHECK(float(unorm(-0.5f)) == 0 && float(unorm(1.5)) == 1 && float(unorm(2u)) == 1);
  AMP_CHECK(float(unorm(norm(-0.5f))) == 0 && float(norm(unorm(0.5f))) == 0.5f);
  norm n(0.75f);
  n += norm(0.5f);
  AMP_CHECK(float(n) == 1);
  n -= norm(1.0f);
  n -= norm(1.0f);
  AMP_CHECK(float(n) == -1);
  n = norm(0.5f);
  n *= norm(-0.5f);
  AMP_CHECK(float(n) == -0.25f);
  n /= norm(0.125f);
  AMP_CHECK(float(n) == -1);
  AMP_CHECK(float(-norm(0.5f)) == -0.5f && float(n++) == -1 && float(n) == 0);
  AMP_CHECK(float(--n) == -1 && float(n--) == -1 && float(n) == -1);
  unorm u(0.5f);
  AMP_CHECK(float(u + unorm(0.75f)) == 1 && float(u - unorm(0.75f)) == 0);
  AMP_CHECK(float(u * unorm(0.5f)) == 0.25f && float(unorm(0.25f) / u) == 0.5f);
  AMP_CHECK(u < unorm(0.75f) && u > unorm(0.25f) && u <= unorm(0.5f) && u >= unorm(0.5f));
  AMP_CHECK(u == unorm(0.5f) && u != unorm(0.25f));
  AMP_CHECK(norm(-0.5f) < norm(0.5f) && norm(1.0f) >= norm(1.0f) && norm(0.0f) == norm(-0.0f));
  AMP_CHECK(float(UNORM_MIN) == 0 && float(UNORM_MAX) == 1 && float(UNORM_ZERO) == 0);
  AMP_CHECK(float(NORM_MIN) == -1 && float(NORM_MAX) == 1 && float(NORM_ZERO) == 0);
  AMP_CHECK(norm(0.5f) + 0.25f == 0.75f);  // with a float: float arithmetic, unclamped
}

int main() {
  every_swizzle_of_int_4();
  components_and_smaller_vectors();
  constructors_and_conversions();
  operators();
  norm_and_unorm();
  return amp_check::finish("short_vectors_test");
}
