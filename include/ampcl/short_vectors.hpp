// Short vectors, norm and unorm (C++ AMP's amp_short_vectors.h) as host types with
// OpenCL's layout, so they can be array/array_view elements and kernel arguments:
//
//   ampcl::graphics::float_4 v(1.f, 2.f, 3.f, 4.f);   // __global float4* in the kernel
//   v.x = 5.f;                    // x, y, z, w are plain data members
//   float_2 s = v.get_zx();       // swizzles are methods: get_/set_ + components
//
// Differences from C++ AMP, because standard C++ has no properties:
// - x, y, z, w are data members (read and write as in AMP);
// - r, g, b, a and the swizzle properties (v.xy, v.bgra) are not members: use the
//   methods AMP also has: get_r(), set_r(), ref_r(), get_xy(), set_yx(v), ...
// 3-component vectors are 4 components wide, as OpenCL's int3/float3.
// norm and unorm are floats clamped to [-1, 1] and [0, 1] (NaN to 0), C++ AMP's own
// classes; kernels see them as float.
#pragma once

// C++ AMP's class inside a stretch (cpp_amp_begin.h): the order is the meaning.
// clang-format off
#include <ampcl/detail/cpp_amp_begin.h>
#include <ampcl/concurrency/norm.h>
#include <ampcl/detail/cpp_amp_end.h>
// clang-format on

#include <cstddef>
#include <string>
#include <type_traits>

namespace ampcl::graphics {

// norm and unorm are C++ AMP's classes (ampcl/concurrency/norm.h): one norm, one
// unorm, whichever API made them. They bring C++ AMP's NORM_ZERO, ..., UNORM_MAX.
using Concurrency::graphics::norm;
using Concurrency::graphics::unorm;

namespace detail {

// The OpenCL C scalar a component type becomes in kernels.
template <class T>
constexpr const char* cl_scalar_name() {
  if constexpr (std::is_same_v<T, int>)
    return "int";
  else if constexpr (std::is_same_v<T, unsigned int>)
    return "uint";
  else if constexpr (std::is_same_v<T, double>)
    return "double";
  else
    return "float";  // float, norm, unorm
}

template <class T>
constexpr bool is_integer_component = std::is_integral_v<T>;
// uint and unorm have no negation in C++ AMP.
template <class T>
constexpr bool has_negation = !std::is_same_v<T, unsigned int> && !std::is_same_v<T, unorm>;

// Storage: exactly the components, so the layout is OpenCL's (plus alignment below).
template <class T, int N>
struct components;
template <class T>
struct components<T, 2> {
  T x, y;
};
template <class T>
struct components<T, 3> {
  T x, y, z;
};
template <class T>
struct components<T, 4> {
  T x, y, z, w;
};

}  // namespace detail

// int_2 ... double_4, norm_2 ... unorm_4 are all this template (see the aliases
// below). OpenCL aligns an N-vector to its size, a 3-vector like a 4-vector.
template <class T, int N>
class alignas(sizeof(T) * (N == 3 ? 4 : N)) basic_short_vector : public detail::components<T, N> {
  static_assert(N >= 2 && N <= 4, "short vectors have 2, 3 or 4 components");
  using self = basic_short_vector;
  template <int M>
  using enable_if_size = std::enable_if_t<M == N, int>;

 public:
  using value_type = T;
  static constexpr int size = N;

  // "int2", "float4", ...: checked against the kernel's parameter types.
  static const char* cl_type_name() {
    static const std::string name = std::string(detail::cl_scalar_name<T>()) + std::to_string(N);
    return name.c_str();
  }

  // Every component 0, as in C++ AMP.
  basic_short_vector() {
    for (int i = 0; i < N; ++i) (*this)[i] = T();
  }
  // One value in every component.
  basic_short_vector(T v) {  // NOLINT: implicit, as in C++ AMP (v * 2 works)
    for (int i = 0; i < N; ++i) (*this)[i] = v;
  }
  // norm_2(0.5f) and friends: explicit, as in C++ AMP.
  template <class S, class U = T,
            std::enable_if_t<!std::is_same_v<S, U> && std::is_arithmetic_v<S> &&
                                 std::is_constructible_v<U, S>,
                             int> = 0>
  explicit basic_short_vector(S v) : basic_short_vector(T(v)) {}
  // One value per component: int_3(1, 2, 3), norm_2(0.5f, -0.5f).
  template <class A0, class A1, class... Rest,
            std::enable_if_t<2 + sizeof...(Rest) == N && std::is_constructible_v<T, A0> &&
                                 std::is_constructible_v<T, A1> &&
                                 (std::is_constructible_v<T, Rest> && ...),
                             int> = 0>
  basic_short_vector(A0 v0, A1 v1, Rest... rest) {
    const T values[N] = {T(v0), T(v1), T(rest)...};
    for (int i = 0; i < N; ++i) (*this)[i] = values[i];
  }
  // Between component types, component by component: explicit, as in C++ AMP.
  template <class U, std::enable_if_t<!std::is_same_v<U, T>, int> = 0>
  explicit basic_short_vector(const basic_short_vector<U, N>& o) {
    for (int i = 0; i < N; ++i) (*this)[i] = static_cast<T>(static_cast<U>(o[i]));
  }

  // Component i (0 = x). Not in C++ AMP, but handy and cheap.
  T& operator[](int i) {
    switch (i) {
      case 0:
        return this->x;
      case 1:
        return this->y;
      case 2:
        return component<2>();
      default:
        return component<3>();
    }
  }
  const T& operator[](int i) const { return const_cast<self&>(*this)[i]; }

  // ---- arithmetic, component-wise --------------------------------------------
  template <class U = T, std::enable_if_t<detail::has_negation<U>, int> = 0>
  self operator-() const {
    return map([](T a) { return T(-a); });
  }
  template <class U = T, std::enable_if_t<detail::is_integer_component<U>, int> = 0>
  self operator~() const {
    return map([](T a) { return T(~a); });
  }
  self& operator++() { return *this += self(T(1)); }
  self operator++(int) {
    self old = *this;
    ++*this;
    return old;
  }
  self& operator--() { return *this -= self(T(1)); }
  self operator--(int) {
    self old = *this;
    --*this;
    return old;
  }

#define AMPCL_VECTOR_OP(op)                                         \
  self& operator op##=(const self& o) {                             \
    for (int i = 0; i < N; ++i) (*this)[i] = T((*this)[i] op o[i]); \
    return *this;                                                   \
  }                                                                 \
  friend self operator op(self a, const self& b) {                  \
    return a op## = b;                                              \
  }
  AMPCL_VECTOR_OP(+)
  AMPCL_VECTOR_OP(-)
  AMPCL_VECTOR_OP(*)
  AMPCL_VECTOR_OP(/)
#undef AMPCL_VECTOR_OP

  // Integer-only operators (int_N, uint_N), as in C++ AMP.
#define AMPCL_VECTOR_INT_OP(op)                                                      \
  template <class U = T, std::enable_if_t<detail::is_integer_component<U>, int> = 0> \
  self& operator op##=(const self& o) {                                              \
    for (int i = 0; i < N; ++i) (*this)[i] = T((*this)[i] op o[i]);                  \
    return *this;                                                                    \
  }                                                                                  \
  template <class U = T, std::enable_if_t<detail::is_integer_component<U>, int> = 0> \
  friend self operator op(self a, const self& b) {                                   \
    return a op## = b;                                                               \
  }
  AMPCL_VECTOR_INT_OP(%)
  AMPCL_VECTOR_INT_OP(&)
  AMPCL_VECTOR_INT_OP(|)
  AMPCL_VECTOR_INT_OP(^)
#undef AMPCL_VECTOR_INT_OP

  // Shifts as OpenCL C does them: the count taken modulo the bit width, and the left
  // shift done on the bits (shifting a negative value left is undefined in C++17).
  template <class U = T, std::enable_if_t<detail::is_integer_component<U>, int> = 0>
  self& operator<<=(const self& o) {
    using bits = std::make_unsigned_t<T>;
    for (int i = 0; i < N; ++i)
      (*this)[i] = T(bits(static_cast<unsigned long long>(bits((*this)[i]))
                          << (bits(o[i]) % (sizeof(T) * 8))));
    return *this;
  }
  template <class U = T, std::enable_if_t<detail::is_integer_component<U>, int> = 0>
  self& operator>>=(const self& o) {
    using bits = std::make_unsigned_t<T>;
    for (int i = 0; i < N; ++i) (*this)[i] = T((*this)[i] >> (bits(o[i]) % (sizeof(T) * 8)));
    return *this;
  }
  template <class U = T, std::enable_if_t<detail::is_integer_component<U>, int> = 0>
  friend self operator<<(self a, const self& b) {
    return a <<= b;
  }
  template <class U = T, std::enable_if_t<detail::is_integer_component<U>, int> = 0>
  friend self operator>>(self a, const self& b) {
    return a >>= b;
  }

  friend bool operator==(const self& a, const self& b) {
    for (int i = 0; i < N; ++i)
      if (!(a[i] == b[i])) return false;
    return true;
  }
  friend bool operator!=(const self& a, const self& b) {
    return !(a == b);
  }

  // ---- component accessors: get_x/set_x/ref_x and the rgba aliases ----------
#define AMPCL_COMPONENT(xyzw, rgba, i)                     \
  template <int M = N, std::enable_if_t<(M > i), int> = 0> \
  T get_##xyzw() const {                                   \
    return (*this)[i];                                     \
  }                                                        \
  template <int M = N, std::enable_if_t<(M > i), int> = 0> \
  void set_##xyzw(T v) {                                   \
    (*this)[i] = v;                                        \
  }                                                        \
  template <int M = N, std::enable_if_t<(M > i), int> = 0> \
  T& ref_##xyzw() {                                        \
    return (*this)[i];                                     \
  }                                                        \
  template <int M = N, std::enable_if_t<(M > i), int> = 0> \
  T get_##rgba() const {                                   \
    return (*this)[i];                                     \
  }                                                        \
  template <int M = N, std::enable_if_t<(M > i), int> = 0> \
  void set_##rgba(T v) {                                   \
    (*this)[i] = v;                                        \
  }                                                        \
  template <int M = N, std::enable_if_t<(M > i), int> = 0> \
  T& ref_##rgba() {                                        \
    return (*this)[i];                                     \
  }
  AMPCL_COMPONENT(x, r, 0)
  AMPCL_COMPONENT(y, g, 1)
  AMPCL_COMPONENT(z, b, 2)
  AMPCL_COMPONENT(w, a, 3)
#undef AMPCL_COMPONENT

  // ---- swizzles: get_yx() returns (y, x); set_yx(v) sets y = v.x, x = v.y ----
  // Each takes distinct components; `need` is how many components it reaches.
#define AMPCL_SWIZZLE(name, need, length, ...)                   \
  template <int M = N, std::enable_if_t<(M >= need), int> = 0>   \
  basic_short_vector<T, length> get_##name() const {             \
    constexpr int order[] = {__VA_ARGS__};                       \
    basic_short_vector<T, length> out;                           \
    for (int k = 0; k < length; ++k) out[k] = (*this)[order[k]]; \
    return out;                                                  \
  }                                                              \
  template <int M = N, std::enable_if_t<(M >= need), int> = 0>   \
  void set_##name(const basic_short_vector<T, length>& v) {      \
    constexpr int order[] = {__VA_ARGS__};                       \
    for (int k = 0; k < length; ++k) (*this)[order[k]] = v[k];   \
  }
#include <ampcl/detail/swizzles.inc>
#undef AMPCL_SWIZZLE

 private:
  template <int I>
  T& component() {
    if constexpr (I == 2 && N >= 3)
      return this->z;
    else if constexpr (I == 3 && N >= 4)
      return this->w;
    else
      return this->x;  // unreachable for valid indices; keeps the switch total
  }
  template <class F>
  self map(F f) const {
    self out;
    for (int i = 0; i < N; ++i) out[i] = f((*this)[i]);
    return out;
  }
};

using int_2 = basic_short_vector<int, 2>;
using int_3 = basic_short_vector<int, 3>;
using int_4 = basic_short_vector<int, 4>;
using uint_2 = basic_short_vector<unsigned int, 2>;
using uint_3 = basic_short_vector<unsigned int, 3>;
using uint_4 = basic_short_vector<unsigned int, 4>;
using float_2 = basic_short_vector<float, 2>;
using float_3 = basic_short_vector<float, 3>;
using float_4 = basic_short_vector<float, 4>;
using double_2 = basic_short_vector<double, 2>;
using double_3 = basic_short_vector<double, 3>;
using double_4 = basic_short_vector<double, 4>;
using norm_2 = basic_short_vector<norm, 2>;
using norm_3 = basic_short_vector<norm, 3>;
using norm_4 = basic_short_vector<norm, 4>;
using unorm_2 = basic_short_vector<unorm, 2>;
using unorm_3 = basic_short_vector<unorm, 3>;
using unorm_4 = basic_short_vector<unorm, 4>;
using uint = unsigned int;  // C++ AMP's graphics::uint

// short_vector<int, 2>::type is int_2; short_vector<int, 1>::type is int.
template <class T, int N>
struct short_vector {
  static_assert(N >= 1 && N <= 4, "short_vector has 1 to 4 components");
  using type = basic_short_vector<T, N>;
};
template <class T>
struct short_vector<T, 1> {
  using type = T;
};

// short_vector_traits<float_3>: value_type float, size 3; scalars have size 1.
template <class T>
struct short_vector_traits {
  using value_type = T;
  static constexpr int size = 1;
};
template <class T, int N>
struct short_vector_traits<basic_short_vector<T, N>> {
  using value_type = T;
  static constexpr int size = N;
};

}  // namespace ampcl::graphics
