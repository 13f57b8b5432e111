// Concurrency::graphics::norm and unorm: a float kept in [-1, 1] and in [0, 1].
// Every value they take is clamped into the range, NaN to 0 (Direct3D's rule for
// SNORM and UNORM data). 4 bytes, like the float they hold. restrict(cpu, amp)
// throughout: plain C++ that the translator turns into OpenCL C.
#pragma once

#include <ampcl/concurrency/namespace.h>

namespace Concurrency {
namespace graphics {

class unorm;

class norm {
 public:
  norm() restrict(cpu, amp) : _M_value(0.0f) {}
  explicit norm(float v) restrict(cpu, amp) : _M_value(clamped(v)) {}
  explicit norm(unsigned int v) restrict(cpu, amp) : _M_value(clamped(static_cast<float>(v))) {}
  explicit norm(int v) restrict(cpu, amp) : _M_value(clamped(static_cast<float>(v))) {}
  explicit norm(double v) restrict(cpu, amp) : _M_value(clamped(static_cast<float>(v))) {}
  norm(const norm&) = default;  // trivial: array_view copies elements as bytes
  norm(const unorm& other) restrict(cpu, amp);
  norm& operator=(const norm&) = default;

  operator float() const restrict(cpu, amp) { return _M_value; }

  norm& operator+=(const norm& o) restrict(cpu, amp) { return set(_M_value + o._M_value); }
  norm& operator-=(const norm& o) restrict(cpu, amp) { return set(_M_value - o._M_value); }
  norm& operator*=(const norm& o) restrict(cpu, amp) { return set(_M_value * o._M_value); }
  norm& operator/=(const norm& o) restrict(cpu, amp) { return set(_M_value / o._M_value); }
  norm& operator++() restrict(cpu, amp) { return set(_M_value + 1.0f); }
  norm& operator--() restrict(cpu, amp) { return set(_M_value - 1.0f); }
  norm operator++(int) restrict(cpu, amp) {
    const norm old = *this;
    ++*this;
    return old;
  }
  norm operator--(int) restrict(cpu, amp) {
    const norm old = *this;
    --*this;
    return old;
  }
  norm operator-() const restrict(cpu, amp) { return norm(-_M_value); }

 private:
  static float clamped(float v) restrict(cpu, amp) {
    return v != v ? 0.0f : v < -1.0f ? -1.0f : v > 1.0f ? 1.0f : v;
  }
  norm& set(float v) restrict(cpu, amp) {
    _M_value = clamped(v);
    return *this;
  }
  float _M_value;
};

class unorm {
 public:
  unorm() restrict(cpu, amp) : _M_value(0.0f) {}
  explicit unorm(float v) restrict(cpu, amp) : _M_value(clamped(v)) {}
  explicit unorm(unsigned int v) restrict(cpu, amp) : _M_value(clamped(static_cast<float>(v))) {}
  explicit unorm(int v) restrict(cpu, amp) : _M_value(clamped(static_cast<float>(v))) {}
  explicit unorm(double v) restrict(cpu, amp) : _M_value(clamped(static_cast<float>(v))) {}
  unorm(const unorm&) = default;  // trivial: array_view copies elements as bytes
  explicit unorm(const norm& other) restrict(cpu, amp)
      : _M_value(clamped(static_cast<float>(other))) {}
  unorm& operator=(const unorm&) = default;

  operator float() const restrict(cpu, amp) { return _M_value; }

  unorm& operator+=(const unorm& o) restrict(cpu, amp) { return set(_M_value + o._M_value); }
  unorm& operator-=(const unorm& o) restrict(cpu, amp) { return set(_M_value - o._M_value); }
  unorm& operator*=(const unorm& o) restrict(cpu, amp) { return set(_M_value * o._M_value); }
  unorm& operator/=(const unorm& o) restrict(cpu, amp) { return set(_M_value / o._M_value); }
  unorm& operator++() restrict(cpu, amp) { return set(_M_value + 1.0f); }
  unorm& operator--() restrict(cpu, amp) { return set(_M_value - 1.0f); }
  unorm operator++(int) restrict(cpu, amp) {
    const unorm old = *this;
    ++*this;
    return old;
  }
  unorm operator--(int) restrict(cpu, amp) {
    const unorm old = *this;
    --*this;
    return old;
  }

 private:
  static float clamped(float v) restrict(cpu, amp) {
    return v != v ? 0.0f : v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
  }
  unorm& set(float v) restrict(cpu, amp) {
    _M_value = clamped(v);
    return *this;
  }
  float _M_value;
};

// unorm's range lies inside norm's: no clamping needed.
inline norm::norm(const unorm& other) restrict(cpu, amp) : _M_value(static_cast<float>(other)) {}

// Arithmetic clamps its result; comparisons compare the floats.
#define __AMPCL_NORM_OPERATORS(N)                                     \
  inline N operator+(const N& a, const N& b) restrict(cpu, amp) {     \
    return N(static_cast<float>(a) + static_cast<float>(b));          \
  }                                                                   \
  inline N operator-(const N& a, const N& b) restrict(cpu, amp) {     \
    return N(static_cast<float>(a) - static_cast<float>(b));          \
  }                                                                   \
  inline N operator*(const N& a, const N& b) restrict(cpu, amp) {     \
    return N(static_cast<float>(a) * static_cast<float>(b));          \
  }                                                                   \
  inline N operator/(const N& a, const N& b) restrict(cpu, amp) {     \
    return N(static_cast<float>(a) / static_cast<float>(b));          \
  }                                                                   \
  inline bool operator==(const N& a, const N& b) restrict(cpu, amp) { \
    return static_cast<float>(a) == static_cast<float>(b);            \
  }                                                                   \
  inline bool operator!=(const N& a, const N& b) restrict(cpu, amp) { \
    return static_cast<float>(a) != static_cast<float>(b);            \
  }                                                                   \
  inline bool operator<(const N& a, const N& b) restrict(cpu, amp) {  \
    return static_cast<float>(a) < static_cast<float>(b);             \
  }                                                                   \
  inline bool operator>(const N& a, const N& b) restrict(cpu, amp) {  \
    return static_cast<float>(a) > static_cast<float>(b);             \
  }                                                                   \
  inline bool operator<=(const N& a, const N& b) restrict(cpu, amp) { \
    return static_cast<float>(a) <= static_cast<float>(b);            \
  }                                                                   \
  inline bool operator>=(const N& a, const N& b) restrict(cpu, amp) { \
    return static_cast<float>(a) >= static_cast<float>(b);            \
  }
__AMPCL_NORM_OPERATORS(norm)
__AMPCL_NORM_OPERATORS(unorm)
#undef __AMPCL_NORM_OPERATORS

}  // namespace graphics
}  // namespace Concurrency

#define UNORM_MIN (static_cast<Concurrency::graphics::unorm>(0.0f))
#define UNORM_MAX (static_cast<Concurrency::graphics::unorm>(1.0f))
#define UNORM_ZERO (static_cast<Concurrency::graphics::unorm>(0.0f))
#define NORM_ZERO (static_cast<Concurrency::graphics::norm>(0.0f))
#define NORM_MIN (static_cast<Concurrency::graphics::norm>(-1.0f))
#define NORM_MAX (static_cast<Concurrency::graphics::norm>(1.0f))
