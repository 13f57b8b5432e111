// Concurrency::graphics' short vectors (<amp_short_vectors.h>), C++ AMP's layout and
// interface, and ampcl's (<ampcl/short_vectors.hpp> names them). int_N, uint_N,
// float_N, double_N, norm_N and unorm_N for N = 2, 3, 4 hold N scalars one after
// another, nothing else: float_3 is 12 bytes, not OpenCL's 16-byte float3. A
// hand-written OpenCL C kernel sees the 2- and 4-component ones as OpenCL's
// vectors (the same bytes) and the 3-component ones as the prelude's packed
// structs of the same names (kernels/ampcl.clh).
//
// Every member is restrict(cpu, amp) plain C++, translated like user code.
// Components and swizzles are properties, as in C++ AMP: v.x, v.zyx, v.x = 1,
// v.rg = u; each has its get_/set_ functions (get_zyx, set_zyx) and single
// components a reference (ref_x, ref_r). Swizzles name distinct components (no
// v.xx), in xyzw or rgba letters.
#pragma once

#include <ampcl/concurrency/macros_push.h>
// (what follows is read without <windows.h>'s min and max macros)

#include <ampcl/concurrency/namespace.h>
#include <ampcl/concurrency/restrict_macros.h>  // again, after any of ampcl's API headers
#include <ampcl/concurrency/norm.h>
#include <ampcl/detail/short_vector_table.h>

#include <type_traits>

namespace Concurrency {
namespace graphics {

typedef unsigned int uint;

class int_2;
class int_3;
class int_4;
class uint_2;
class uint_3;
class uint_4;
class float_2;
class float_3;
class float_4;
class double_2;
class double_3;
class double_4;
class norm_2;
class norm_3;
class norm_4;
class unorm_2;
class unorm_3;
class unorm_4;

}  // namespace graphics

namespace __ampcl {
// The size of a short vector type, 0 for anything else; conversions between short
// vectors exist between different types of one size.
template <class T>
struct sv_size {
  static const int value = 0;
};
#define __AMPCL_SV_SIZE(name, scalar, n, spelling) \
  template <>                                     \
  struct sv_size<graphics::name> {                \
    static const int value = n;                   \
  };
AMPCL_SHORT_VECTORS(__AMPCL_SV_SIZE)
#undef __AMPCL_SV_SIZE
template <class From, class To>
struct if_sv_conversion
    : std::enable_if<sv_size<From>::value != 0 && sv_size<From>::value == sv_size<To>::value &&
                     !std::is_same<From, To>::value> {};
}  // namespace __ampcl

namespace graphics {

// ---- the pieces every short vector is made of ----------------------------------

#define __AMPCL_SV_PASTE(a, b) __AMPCL_SV_PASTE_(a, b)
#define __AMPCL_SV_PASTE_(a, b) a##b
#define __AMPCL_SV_PASTE3(a, b, c) __AMPCL_SV_PASTE3_(a, b, c)
#define __AMPCL_SV_PASTE3_(a, b, c) a##b##c
#define __AMPCL_SV_PASTE4(a, b, c, d) __AMPCL_SV_PASTE4_(a, b, c, d)
#define __AMPCL_SV_PASTE4_(a, b, c, d) a##b##c##d
// A component's colour name.
#define __AMPCL_SV_RGBA(c) __AMPCL_SV_RGBA_##c
#define __AMPCL_SV_RGBA_x r
#define __AMPCL_SV_RGBA_y g
#define __AMPCL_SV_RGBA_z b
#define __AMPCL_SV_RGBA_w a

// A component's storage, and its two names (x and r, ...). Where there are properties
// (ampcl-c++, Visual C++), the names are properties over a private member. Elsewhere
// (GCC, say, for the host side) there are none, so the names are the storage itself:
// an anonymous union of the member and its two names, the same 4 or 8 bytes, and
// v.x = 1 and v.r += 2 work there too. Swizzles (v.xy) stay properties: a host
// compiler has get_xy() and set_xy().
#if defined(__CUDA__) || defined(_MSC_VER)
#define __AMPCL_SV_STORAGE(T, c) T _M_##c;
#define __AMPCL_SV_COMPONENT_PROPERTIES(T, c)                \
  __AMPCL_PROPERTY(get = get_##c, put = set_##c) T c; \
  __AMPCL_PROPERTY(get = get_##c, put = set_##c) T __AMPCL_SV_RGBA(c);
#else
#define __AMPCL_SV_STORAGE(T, c) \
 public:                         \
  union {                        \
    T _M_##c;                    \
    T c;                         \
    T __AMPCL_SV_RGBA(c);        \
  };                             \
                                 \
 private:
#define __AMPCL_SV_COMPONENT_PROPERTIES(T, c)
#endif

// One component: get_c, set_c, ref_c and its colour's ref, and the two properties.
#define __AMPCL_SV_COMPONENT(T, c)                                     \
  T get_##c() const restrict(cpu, amp) {                               \
    return _M_##c;                                                     \
  }                                                                    \
  void set_##c(T value) restrict(cpu, amp) {                           \
    _M_##c = value;                                                    \
  }                                                                    \
  T& ref_##c() restrict(cpu, amp) {                                    \
    return _M_##c;                                                     \
  }                                                                    \
  T& __AMPCL_SV_PASTE(ref_, __AMPCL_SV_RGBA(c))() restrict(cpu, amp) { \
    return _M_##c;                                                     \
  }                                                                    \
  __AMPCL_SV_COMPONENT_PROPERTIES(T, c)

// Swizzles of 2, 3 and 4 distinct components into the vector type V of that size.
// A set_ function copies its argument first: u.yx = u swaps u's components.
#define __AMPCL_SV_SWIZZLE2(V, c0, c1)                               \
  V get_##c0##c1() const restrict(cpu, amp) {                        \
    return V(_M_##c0, _M_##c1);                                      \
  }                                                                  \
  void set_##c0##c1(const V& value) restrict(cpu, amp) {             \
    const V v = value;                                               \
    _M_##c0 = v.get_x();                                             \
    _M_##c1 = v.get_y();                                             \
  }                                                                  \
  __AMPCL_PROPERTY(get = get_##c0##c1, put = set_##c0##c1) V c0##c1; \
  __AMPCL_PROPERTY(get = get_##c0##c1, put = set_##c0##c1)           \
  V __AMPCL_SV_PASTE(__AMPCL_SV_RGBA(c0), __AMPCL_SV_RGBA(c1));
#define __AMPCL_SV_SWIZZLE3(V, c0, c1, c2)                                       \
  V get_##c0##c1##c2() const restrict(cpu, amp) {                                \
    return V(_M_##c0, _M_##c1, _M_##c2);                                         \
  }                                                                              \
  void set_##c0##c1##c2(const V& value) restrict(cpu, amp) {                     \
    const V v = value;                                                           \
    _M_##c0 = v.get_x();                                                         \
    _M_##c1 = v.get_y();                                                         \
    _M_##c2 = v.get_z();                                                         \
  }                                                                              \
  __AMPCL_PROPERTY(get = get_##c0##c1##c2, put = set_##c0##c1##c2) V c0##c1##c2; \
  __AMPCL_PROPERTY(get = get_##c0##c1##c2, put = set_##c0##c1##c2)               \
  V __AMPCL_SV_PASTE3(__AMPCL_SV_RGBA(c0), __AMPCL_SV_RGBA(c1), __AMPCL_SV_RGBA(c2));
#define __AMPCL_SV_SWIZZLE4(V, c0, c1, c2, c3)                                               \
  V get_##c0##c1##c2##c3() const restrict(cpu, amp) {                                        \
    return V(_M_##c0, _M_##c1, _M_##c2, _M_##c3);                                            \
  }                                                                                          \
  void set_##c0##c1##c2##c3(const V& value) restrict(cpu, amp) {                             \
    const V v = value;                                                                       \
    _M_##c0 = v.get_x();                                                                     \
    _M_##c1 = v.get_y();                                                                     \
    _M_##c2 = v.get_z();                                                                     \
    _M_##c3 = v.get_w();                                                                     \
  }                                                                                          \
  __AMPCL_PROPERTY(get = get_##c0##c1##c2##c3, put = set_##c0##c1##c2##c3) V c0##c1##c2##c3; \
  __AMPCL_PROPERTY(get = get_##c0##c1##c2##c3, put = set_##c0##c1##c2##c3)                   \
  V __AMPCL_SV_PASTE4(__AMPCL_SV_RGBA(c0), __AMPCL_SV_RGBA(c1), __AMPCL_SV_RGBA(c2),         \
                      __AMPCL_SV_RGBA(c3));

// Every ordering of distinct components, for vectors of 3 and 4.
#define __AMPCL_SV_PAIRS_OF_3(V2) \
  __AMPCL_SV_SWIZZLE2(V2, x, y)   \
  __AMPCL_SV_SWIZZLE2(V2, x, z)   \
  __AMPCL_SV_SWIZZLE2(V2, y, x)   \
  __AMPCL_SV_SWIZZLE2(V2, y, z)   \
  __AMPCL_SV_SWIZZLE2(V2, z, x)   \
  __AMPCL_SV_SWIZZLE2(V2, z, y)
#define __AMPCL_SV_TRIPLES_OF_3(V3) \
  __AMPCL_SV_SWIZZLE3(V3, x, y, z)  \
  __AMPCL_SV_SWIZZLE3(V3, x, z, y)  \
  __AMPCL_SV_SWIZZLE3(V3, y, x, z)  \
  __AMPCL_SV_SWIZZLE3(V3, y, z, x)  \
  __AMPCL_SV_SWIZZLE3(V3, z, x, y)  \
  __AMPCL_SV_SWIZZLE3(V3, z, y, x)
#define __AMPCL_SV_PAIRS_OF_4(V2) \
  __AMPCL_SV_PAIRS_OF_3(V2)       \
  __AMPCL_SV_SWIZZLE2(V2, x, w)   \
  __AMPCL_SV_SWIZZLE2(V2, y, w)   \
  __AMPCL_SV_SWIZZLE2(V2, z, w)   \
  __AMPCL_SV_SWIZZLE2(V2, w, x)   \
  __AMPCL_SV_SWIZZLE2(V2, w, y)   \
  __AMPCL_SV_SWIZZLE2(V2, w, z)
// The triples that leave out one component, for each component left out.
#define __AMPCL_SV_TRIPLES_OF(V3, c0, c1, c2) \
  __AMPCL_SV_SWIZZLE3(V3, c0, c1, c2)         \
  __AMPCL_SV_SWIZZLE3(V3, c0, c2, c1)         \
  __AMPCL_SV_SWIZZLE3(V3, c1, c0, c2)         \
  __AMPCL_SV_SWIZZLE3(V3, c1, c2, c0)         \
  __AMPCL_SV_SWIZZLE3(V3, c2, c0, c1)         \
  __AMPCL_SV_SWIZZLE3(V3, c2, c1, c0)
#define __AMPCL_SV_TRIPLES_OF_4(V3)  \
  __AMPCL_SV_TRIPLES_OF(V3, x, y, z) \
  __AMPCL_SV_TRIPLES_OF(V3, x, y, w) \
  __AMPCL_SV_TRIPLES_OF(V3, x, z, w) \
  __AMPCL_SV_TRIPLES_OF(V3, y, z, w)
// The quadruples by their first component, the rest in every order.
#define __AMPCL_SV_QUADS_FROM(V4, c0, c1, c2, c3) \
  __AMPCL_SV_SWIZZLE4(V4, c0, c1, c2, c3)         \
  __AMPCL_SV_SWIZZLE4(V4, c0, c1, c3, c2)         \
  __AMPCL_SV_SWIZZLE4(V4, c0, c2, c1, c3)         \
  __AMPCL_SV_SWIZZLE4(V4, c0, c2, c3, c1)         \
  __AMPCL_SV_SWIZZLE4(V4, c0, c3, c1, c2)         \
  __AMPCL_SV_SWIZZLE4(V4, c0, c3, c2, c1)
#define __AMPCL_SV_QUADS_OF_4(V4)       \
  __AMPCL_SV_QUADS_FROM(V4, x, y, z, w) \
  __AMPCL_SV_QUADS_FROM(V4, y, x, z, w) \
  __AMPCL_SV_QUADS_FROM(V4, z, x, y, w) \
  __AMPCL_SV_QUADS_FROM(V4, w, x, y, z)

// Component-wise compound assignment and unary operators, for each size.
#define __AMPCL_SV_COMPOUND_2(V, op)              \
  V& operator op(const V& o) restrict(cpu, amp) { \
    _M_x op o._M_x;                               \
    _M_y op o._M_y;                               \
    return *this;                                 \
  }
#define __AMPCL_SV_COMPOUND_3(V, op)              \
  V& operator op(const V& o) restrict(cpu, amp) { \
    _M_x op o._M_x;                               \
    _M_y op o._M_y;                               \
    _M_z op o._M_z;                               \
    return *this;                                 \
  }
#define __AMPCL_SV_COMPOUND_4(V, op)              \
  V& operator op(const V& o) restrict(cpu, amp) { \
    _M_x op o._M_x;                               \
    _M_y op o._M_y;                               \
    _M_z op o._M_z;                               \
    _M_w op o._M_w;                               \
    return *this;                                 \
  }
#define __AMPCL_SV_UNARY_2(V, op)            \
  V operator op() const restrict(cpu, amp) { \
    return V(op _M_x, op _M_y);              \
  }
#define __AMPCL_SV_UNARY_3(V, op)            \
  V operator op() const restrict(cpu, amp) { \
    return V(op _M_x, op _M_y, op _M_z);     \
  }
#define __AMPCL_SV_UNARY_4(V, op)                 \
  V operator op() const restrict(cpu, amp) {      \
    return V(op _M_x, op _M_y, op _M_z, op _M_w); \
  }

// ++ and -- (by one in every component), += -= *= /=.
#define __AMPCL_SV_ARITHMETIC_MEMBERS(N, V)                                                    \
  V& operator++() restrict(cpu, amp) {                                                         \
    return *this += V(value_type(1));                                                          \
  }                                                                                            \
  V& operator--() restrict(cpu, amp) {                                                         \
    return *this -= V(value_type(1));                                                          \
  }                                                                                            \
  V operator++(int) restrict(cpu, amp) {                                                       \
    const V old = *this;                                                                       \
    ++*this;                                                                                   \
    return old;                                                                                \
  }                                                                                            \
  V operator--(int) restrict(cpu, amp) {                                                       \
    const V old = *this;                                                                       \
    --*this;                                                                                   \
    return old;                                                                                \
  }                                                                                            \
  __AMPCL_SV_COMPOUND_##N(V, +=) __AMPCL_SV_COMPOUND_##N(V, -=) __AMPCL_SV_COMPOUND_##N(V, *=) \
      __AMPCL_SV_COMPOUND_##N(V, /=)

// What every vector V of size N and scalar T has (P: the type's prefix, int for
// int_N): value_type and size, the constructors (zeros, components, one value for
// all, a copy, the other vectors of its size), assignment, arithmetic, components
// and swizzles, and the data.
#define __AMPCL_SV_COMMON_2(V, T, P)                                               \
 public:                                                                           \
  typedef T value_type;                                                            \
  static constexpr int size = 2;                                                       \
  V() restrict(cpu, amp) : _M_x(), _M_y() {}                                       \
  V(T x, T y) restrict(cpu, amp) : _M_x(x), _M_y(y) {}                             \
  V(T value) restrict(cpu, amp) : _M_x(value), _M_y(value) {}                      \
  /* Copies are trivial: array_view copies elements as bytes. */                   \
  V(const V&) = default;                                                           \
  V& operator=(const V&) = default;                                                \
  template <class From, class = typename __ampcl::if_sv_conversion<From, V>::type> \
  explicit V(const From& o) restrict(cpu, amp)                                     \
      : _M_x(static_cast<T>(o.get_x())), _M_y(static_cast<T>(o.get_y())) {}        \
  __AMPCL_SV_ARITHMETIC_MEMBERS(2, V)                                              \
  __AMPCL_SV_COMPONENT(T, x)                                                       \
  __AMPCL_SV_COMPONENT(T, y)                                                       \
  __AMPCL_SV_SWIZZLE2(V, x, y)                                                     \
  __AMPCL_SV_SWIZZLE2(V, y, x)                                                     \
                                                                                   \
 private:                                                                          \
  __AMPCL_SV_STORAGE(T, x)                                                         \
  __AMPCL_SV_STORAGE(T, y)                                                         \
                                                                                   \
 public:

#define __AMPCL_SV_COMMON_3(V, T, P)                                               \
 public:                                                                           \
  typedef T value_type;                                                            \
  static constexpr int size = 3;                                                       \
  V() restrict(cpu, amp) : _M_x(), _M_y(), _M_z() {}                               \
  V(T x, T y, T z) restrict(cpu, amp) : _M_x(x), _M_y(y), _M_z(z) {}               \
  V(T value) restrict(cpu, amp) : _M_x(value), _M_y(value), _M_z(value) {}         \
  /* Copies are trivial: array_view copies elements as bytes. */                   \
  V(const V&) = default;                                                           \
  V& operator=(const V&) = default;                                                \
  template <class From, class = typename __ampcl::if_sv_conversion<From, V>::type> \
  explicit V(const From& o) restrict(cpu, amp)                                     \
      : _M_x(static_cast<T>(o.get_x())),                                           \
        _M_y(static_cast<T>(o.get_y())),                                           \
        _M_z(static_cast<T>(o.get_z())) {}                                         \
  __AMPCL_SV_ARITHMETIC_MEMBERS(3, V)                                              \
  __AMPCL_SV_COMPONENT(T, x)                                                       \
  __AMPCL_SV_COMPONENT(T, y)                                                       \
  __AMPCL_SV_COMPONENT(T, z)                                                       \
  __AMPCL_SV_PAIRS_OF_3(P##_2)                                                     \
  __AMPCL_SV_TRIPLES_OF_3(V)                                                       \
                                                                                   \
 private:                                                                          \
  __AMPCL_SV_STORAGE(T, x)                                                         \
  __AMPCL_SV_STORAGE(T, y)                                                         \
  __AMPCL_SV_STORAGE(T, z)                                                         \
                                                                                   \
 public:

#define __AMPCL_SV_COMMON_4(V, T, P)                                                    \
 public:                                                                                \
  typedef T value_type;                                                                 \
  static constexpr int size = 4;                                                            \
  V() restrict(cpu, amp) : _M_x(), _M_y(), _M_z(), _M_w() {}                            \
  V(T x, T y, T z, T w) restrict(cpu, amp) : _M_x(x), _M_y(y), _M_z(z), _M_w(w) {}      \
  V(T value) restrict(cpu, amp) : _M_x(value), _M_y(value), _M_z(value), _M_w(value) {} \
  /* Copies are trivial: array_view copies elements as bytes. */                        \
  V(const V&) = default;                                                                \
  V& operator=(const V&) = default;                                                     \
  template <class From, class = typename __ampcl::if_sv_conversion<From, V>::type>      \
  explicit V(const From& o) restrict(cpu, amp)                                          \
      : _M_x(static_cast<T>(o.get_x())),                                                \
        _M_y(static_cast<T>(o.get_y())),                                                \
        _M_z(static_cast<T>(o.get_z())),                                                \
        _M_w(static_cast<T>(o.get_w())) {}                                              \
  __AMPCL_SV_ARITHMETIC_MEMBERS(4, V)                                                   \
  __AMPCL_SV_COMPONENT(T, x)                                                            \
  __AMPCL_SV_COMPONENT(T, y)                                                            \
  __AMPCL_SV_COMPONENT(T, z)                                                            \
  __AMPCL_SV_COMPONENT(T, w)                                                            \
  __AMPCL_SV_PAIRS_OF_4(P##_2)                                                          \
  __AMPCL_SV_TRIPLES_OF_4(P##_3)                                                        \
  __AMPCL_SV_QUADS_OF_4(V)                                                              \
                                                                                        \
 private:                                                                               \
  __AMPCL_SV_STORAGE(T, x)                                                              \
  __AMPCL_SV_STORAGE(T, y)                                                              \
  __AMPCL_SV_STORAGE(T, z)                                                              \
  __AMPCL_SV_STORAGE(T, w)                                                              \
                                                                                        \
 public:

// int and unsigned int vectors: ~, and % ^ | & >> << in compound form.
#define __AMPCL_SV_INTEGER(N, V)                                                           \
  __AMPCL_SV_UNARY_##N(V, ~) __AMPCL_SV_COMPOUND_##N(V, %=) __AMPCL_SV_COMPOUND_##N(V, ^=) \
      __AMPCL_SV_COMPOUND_##N(V, |=) __AMPCL_SV_COMPOUND_##N(V, &=)                        \
          __AMPCL_SV_COMPOUND_##N(V, >>=) __AMPCL_SV_COMPOUND_##N(V, <<=)

// norm and unorm vectors also take their components as floats (each clamped into
// range) and, norm_N, as unorms.
#define __AMPCL_SV_FROM_SCALARS_2(V, S) \
  V(S x, S y) restrict(cpu, amp) : _M_x(x), _M_y(y) {}
#define __AMPCL_SV_FROM_SCALARS_3(V, S) \
  V(S x, S y, S z) restrict(cpu, amp) : _M_x(x), _M_y(y), _M_z(z) {}
#define __AMPCL_SV_FROM_SCALARS_4(V, S) \
  V(S x, S y, S z, S w) restrict(cpu, amp) : _M_x(x), _M_y(y), _M_z(z), _M_w(w) {}

// ---- the eighteen vectors ------------------------------------------------------

#define __AMPCL_SV_CLASSES(N)                                                             \
  class int_##N {                                                                         \
    __AMPCL_SV_COMMON_##N(int_##N, int, int) __AMPCL_SV_UNARY_##N(int_##N, -)             \
        __AMPCL_SV_INTEGER(N, int_##N)                                                    \
  };                                                                                      \
  class uint_##N {                                                                        \
    __AMPCL_SV_COMMON_##N(uint_##N, unsigned int, uint) __AMPCL_SV_INTEGER(N, uint_##N)   \
  };                                                                                      \
  class float_##N {                                                                       \
    __AMPCL_SV_COMMON_##N(float_##N, float, float) __AMPCL_SV_UNARY_##N(float_##N, -)     \
  };                                                                                      \
  class double_##N {                                                                      \
    __AMPCL_SV_COMMON_##N(double_##N, double, double) __AMPCL_SV_UNARY_##N(double_##N, -) \
  };                                                                                      \
  class norm_##N {                                                                        \
    __AMPCL_SV_COMMON_##N(norm_##N, norm, norm) __AMPCL_SV_FROM_SCALARS_                  \
        ##N(norm_##N, float) __AMPCL_SV_FROM_SCALARS_##N(norm_##N, unorm) explicit norm_  \
        ##N(float value) restrict(cpu, amp)                                               \
        : norm_##N(norm(value)) {}                                                        \
    __AMPCL_SV_UNARY_##N(norm_##N, -)                                                     \
  };                                                                                      \
  class unorm_##N {                                                                       \
    __AMPCL_SV_COMMON_##N(unorm_##N, unorm, unorm) __AMPCL_SV_FROM_SCALARS_               \
        ##N(unorm_##N, float) explicit unorm_##N(float value) restrict(cpu, amp)          \
        : unorm_##N(unorm(value)) {}                                                      \
  };
__AMPCL_SV_CLASSES(2)
__AMPCL_SV_CLASSES(3)
__AMPCL_SV_CLASSES(4)
#undef __AMPCL_SV_CLASSES

// ---- operators: component-wise, and == != on the whole vector -------------------

#define __AMPCL_SV_BINARY(V, op)                                    \
  inline V operator op(const V& a, const V& b) restrict(cpu, amp) { \
    V r(a);                                                         \
    r op## = b;                                                     \
    return r;                                                       \
  }
#define __AMPCL_SV_EQUALITY(V, same)                                  \
  inline bool operator==(const V& a, const V& b) restrict(cpu, amp) { \
    return same;                                                      \
  }                                                                   \
  inline bool operator!=(const V& a, const V& b) restrict(cpu, amp) { \
    return !(a == b);                                                 \
  }
#define __AMPCL_SV_SAME_2 a.get_x() == b.get_x() && a.get_y() == b.get_y()
#define __AMPCL_SV_SAME_3 __AMPCL_SV_SAME_2&& a.get_z() == b.get_z()
#define __AMPCL_SV_SAME_4 __AMPCL_SV_SAME_3&& a.get_w() == b.get_w()
#define __AMPCL_SV_ARITHMETIC_OPERATORS(N, V) \
  __AMPCL_SV_BINARY(V, +)                     \
  __AMPCL_SV_BINARY(V, -)                     \
  __AMPCL_SV_BINARY(V, *)                     \
  __AMPCL_SV_BINARY(V, /)                     \
  __AMPCL_SV_EQUALITY(V, __AMPCL_SV_SAME_##N)
#define __AMPCL_SV_INTEGER_OPERATORS(V) \
  __AMPCL_SV_BINARY(V, %)               \
  __AMPCL_SV_BINARY(V, ^)               \
  __AMPCL_SV_BINARY(V, |)               \
  __AMPCL_SV_BINARY(V, &)               \
  __AMPCL_SV_BINARY(V, <<)              \
  __AMPCL_SV_BINARY(V, >>)
#define __AMPCL_SV_OPERATORS(N)                  \
  __AMPCL_SV_ARITHMETIC_OPERATORS(N, int_##N)    \
  __AMPCL_SV_ARITHMETIC_OPERATORS(N, uint_##N)   \
  __AMPCL_SV_ARITHMETIC_OPERATORS(N, float_##N)  \
  __AMPCL_SV_ARITHMETIC_OPERATORS(N, double_##N) \
  __AMPCL_SV_ARITHMETIC_OPERATORS(N, norm_##N)   \
  __AMPCL_SV_ARITHMETIC_OPERATORS(N, unorm_##N)  \
  __AMPCL_SV_INTEGER_OPERATORS(int_##N)          \
  __AMPCL_SV_INTEGER_OPERATORS(uint_##N)
__AMPCL_SV_OPERATORS(2)
__AMPCL_SV_OPERATORS(3)
__AMPCL_SV_OPERATORS(4)

// ---- short_vector<T, N>::type and short_vector_traits<V> -------------------------

// The vector of N scalars of type T (the scalar itself for N = 1).
template <typename T, int N>
struct short_vector {
  static_assert(__ampcl::sv_size<T>::value < 0,
                "short_vector<T, N> exists for T in int, unsigned int, float, double, norm, "
                "unorm and N in 1..4");
};
// A short vector's (or scalar's) element type and size.
template <typename V>
struct short_vector_traits {
  static_assert(__ampcl::sv_size<V>::value < 0,
                "short_vector_traits<V> exists for the short vectors and their scalar types");
};

#define __AMPCL_SV_TYPE(T, N, V)  \
  template <>                     \
  struct short_vector<T, N> {     \
    typedef V type;               \
  };                              \
  template <>                     \
  struct short_vector_traits<V> { \
    typedef T value_type;         \
    static constexpr int size = N;    \
  };
#define __AMPCL_SV_TYPES(T, P) \
  __AMPCL_SV_TYPE(T, 1, T)     \
  __AMPCL_SV_TYPE(T, 2, P##_2) \
  __AMPCL_SV_TYPE(T, 3, P##_3) \
  __AMPCL_SV_TYPE(T, 4, P##_4)
__AMPCL_SV_TYPES(unsigned int, uint)
__AMPCL_SV_TYPES(int, int)
__AMPCL_SV_TYPES(float, float)
__AMPCL_SV_TYPES(double, double)
__AMPCL_SV_TYPES(norm, norm)
__AMPCL_SV_TYPES(unorm, unorm)

// The HLSL spellings, as Visual C++'s header declares them (AMD's FFT demo uses float2).
namespace direct3d {
#define __AMPCL_SV_HLSL(P) \
  typedef P##_2 P##2;      \
  typedef P##_3 P##3;      \
  typedef P##_4 P##4;
__AMPCL_SV_HLSL(int)
__AMPCL_SV_HLSL(uint)
__AMPCL_SV_HLSL(float)
__AMPCL_SV_HLSL(double)
__AMPCL_SV_HLSL(norm)
__AMPCL_SV_HLSL(unorm)
#undef __AMPCL_SV_HLSL
}  // namespace direct3d

}  // namespace graphics
}  // namespace Concurrency

// The macros are this header's own: none leaks to the program.
#undef __AMPCL_SV_TYPE
#undef __AMPCL_SV_TYPES
#undef __AMPCL_SV_OPERATORS
#undef __AMPCL_SV_INTEGER_OPERATORS
#undef __AMPCL_SV_ARITHMETIC_OPERATORS
#undef __AMPCL_SV_SAME_2
#undef __AMPCL_SV_SAME_3
#undef __AMPCL_SV_SAME_4
#undef __AMPCL_SV_EQUALITY
#undef __AMPCL_SV_BINARY
#undef __AMPCL_SV_FROM_SCALARS_2
#undef __AMPCL_SV_FROM_SCALARS_3
#undef __AMPCL_SV_FROM_SCALARS_4
#undef __AMPCL_SV_INTEGER
#undef __AMPCL_SV_COMMON_2
#undef __AMPCL_SV_COMMON_3
#undef __AMPCL_SV_COMMON_4
#undef __AMPCL_SV_ARITHMETIC_MEMBERS
#undef __AMPCL_SV_UNARY_2
#undef __AMPCL_SV_UNARY_3
#undef __AMPCL_SV_UNARY_4
#undef __AMPCL_SV_COMPOUND_2
#undef __AMPCL_SV_COMPOUND_3
#undef __AMPCL_SV_COMPOUND_4
#undef __AMPCL_SV_QUADS_OF_4
#undef __AMPCL_SV_QUADS_FROM
#undef __AMPCL_SV_TRIPLES_OF_4
#undef __AMPCL_SV_TRIPLES_OF
#undef __AMPCL_SV_PAIRS_OF_4
#undef __AMPCL_SV_TRIPLES_OF_3
#undef __AMPCL_SV_PAIRS_OF_3
#undef __AMPCL_SV_SWIZZLE4
#undef __AMPCL_SV_SWIZZLE3
#undef __AMPCL_SV_SWIZZLE2
#undef __AMPCL_SV_COMPONENT
#undef __AMPCL_SV_RGBA_w
#undef __AMPCL_SV_RGBA_z
#undef __AMPCL_SV_RGBA_y
#undef __AMPCL_SV_RGBA_x
#undef __AMPCL_SV_RGBA
#undef __AMPCL_SV_PASTE4_
#undef __AMPCL_SV_PASTE4
#undef __AMPCL_SV_PASTE3_
#undef __AMPCL_SV_PASTE3
#undef __AMPCL_SV_PASTE_
#undef __AMPCL_SV_PASTE

// min and max as they were before this header
#include <ampcl/concurrency/macros_pop.h>
