// The precise_math functions OpenCL C has no builtin for (erfinv, erfcinv, probit,
// fpclassify), written once in restrict(cpu, amp) C++ for float and double. They
// stand on a few primitives that exist on both sides: the C library on the host,
// OpenCL builtins on the device.
#pragma once

#include <ampcl/concurrency/namespace.h>

#include <cfloat>
#include <cmath>

namespace Concurrency {
namespace __ampcl {
namespace prim {

#define __AMPCL_PRIMITIVE(name)                                      \
  float name(float x) restrict(amp) __AMPCL_BUILTIN(#name "($0)");   \
  double name(double x) restrict(amp) __AMPCL_BUILTIN(#name "($0)"); \
  inline float name(float x) restrict(cpu) {                         \
    return ::name##f(x);                                             \
  }                                                                  \
  inline double name(double x) restrict(cpu) {                       \
    return ::name(x);                                                \
  }
__AMPCL_PRIMITIVE(erf)
__AMPCL_PRIMITIVE(erfc)
__AMPCL_PRIMITIVE(exp)
__AMPCL_PRIMITIVE(fabs)
__AMPCL_PRIMITIVE(log)
__AMPCL_PRIMITIVE(sqrt)
#undef __AMPCL_PRIMITIVE

float copysign(float x, float y) restrict(amp) __AMPCL_BUILTIN("copysign($0, $1)");
double copysign(double x, double y) restrict(amp) __AMPCL_BUILTIN("copysign($0, $1)");
inline float copysign(float x, float y) restrict(cpu) {
  return ::copysignf(x, y);
}
inline double copysign(double x, double y) restrict(cpu) {
  return ::copysign(x, y);
}

// Per type: its limits, the constants the algorithms need (written as literals of
// the type, so float code needs no double support), and the Newton steps that take
// the initial guess to the type's precision (float's guess is within about 3 ulps,
// double's within about 1e-5 relative).
template <class T>
struct real;
template <>
struct real<float> {
  static const int inverse_erf_steps = 1;
  static float max() restrict(cpu, amp) { return FLT_MAX; }
  static float min() restrict(cpu, amp) { return FLT_MIN; }
  static float pi() restrict(cpu, amp) { return 3.14159265f; }
  static float two_over_sqrt_pi() restrict(cpu, amp) { return 1.12837917f; }
  static float sqrt2() restrict(cpu, amp) { return 1.41421356f; }
};
template <>
struct real<double> {
  static const int inverse_erf_steps = 3;
  static double max() restrict(cpu, amp) { return DBL_MAX; }
  static double min() restrict(cpu, amp) { return DBL_MIN; }
  static double pi() restrict(cpu, amp) { return 3.14159265358979323846; }
  static double two_over_sqrt_pi() restrict(cpu, amp) { return 1.12837916709551257390; }
  static double sqrt2() restrict(cpu, amp) { return 1.41421356237309504880; }
};

}  // namespace prim

// x with erf(x) = y, given c = 1 - |y| exactly (so that the tail, y near +-1, keeps
// its precision): an initial guess, then Newton steps, on erf where |y| <= 1/2 and on
// log(erfc) in the tail (erfc falls like exp(-x^2): Newton on log(erfc) converges
// from far away, Newton on erfc does not).
template <class T>
T inverse_erf(T y, T c) restrict(cpu, amp) {
  const T two_over_sqrt_pi = prim::real<T>::two_over_sqrt_pi();
  const T half = T(0.5f);
  T w = -prim::log(c * (T(2) - c));  // -log(1 - y^2)
  T x;
  if (w >= T(16)) {
    // erfc(a) ~ exp(-a^2) / (a sqrt(pi)) (1 - 1/(2 a^2)), solved for u = a^2.
    const T l = -prim::log(c);
    T u = l;
    for (int i = 0; i < 3; ++i)
      u = l - half * prim::log(prim::real<T>::pi() * u) + prim::log(T(1) - half / u);
    x = prim::copysign(prim::sqrt(u), y);
  } else {
    // M. Giles' single-precision approximation ("Approximating the erfinv
    // function", GPU Computing Gems, 2011).
    T p;
    if (w < T(5)) {
      w = w - T(2.5f);
      p = T(2.81022636e-08f);
      p = T(3.43273939e-07f) + p * w;
      p = T(-3.5233877e-06f) + p * w;
      p = T(-4.39150654e-06f) + p * w;
      p = T(0.00021858087f) + p * w;
      p = T(-0.00125372503f) + p * w;
      p = T(-0.00417768164f) + p * w;
      p = T(0.246640727f) + p * w;
      p = T(1.50140941f) + p * w;
    } else {
      w = prim::sqrt(w) - T(3);
      p = T(-0.000200214257f);
      p = T(0.000100950558f) + p * w;
      p = T(0.00134934322f) + p * w;
      p = T(-0.00367342844f) + p * w;
      p = T(0.00573950773f) + p * w;
      p = T(-0.0076224613f) + p * w;
      p = T(0.00943887047f) + p * w;
      p = T(1.00167406f) + p * w;
      p = T(2.83297682f) + p * w;
    }
    x = p * y;
  }
  for (int i = 0; i < prim::real<T>::inverse_erf_steps; ++i) {
    if (c < half) {
      T a = prim::fabs(x);
      const T e = prim::erfc(a);
      a += prim::log(e / c) * e / (two_over_sqrt_pi * prim::exp(-a * a));
      x = prim::copysign(a, y);
    } else {
      x -= (prim::erf(x) - y) / (two_over_sqrt_pi * prim::exp(-x * x));
    }
  }
  return x;
}

// erfinv(y) for y in [-1, 1]: +-inf at +-1, NaN outside.
template <class T>
T erfinv(T y) restrict(cpu, amp) {
  const T a = prim::fabs(y);
  if (!(a <= T(1))) return (y - y) / (y - y);  // NaN in, or |y| > 1: NaN
  if (a == T(1)) return y / (y - y);           // +-inf
  if (y == T(0)) return y;                     // keeps the sign of zero
  return inverse_erf(y, T(1) - a);
}

// erfcinv(z) = erfinv(1 - z) for z in [0, 2], without losing z's digits near 0 or 2.
template <class T>
T erfcinv(T z) restrict(cpu, amp) {
  if (!(z >= T(0) && z <= T(2))) return (z - z) / (z - z);
  if (z == T(0)) return T(1) / z;         // +inf
  if (z == T(2)) return T(-1) / (z - z);  // -inf
  if (z == T(1)) return T(0);
  // 1 - z and 2 - z are exact here (Sterbenz), so the tail keeps z's digits.
  return inverse_erf(T(1) - z, z < T(1) ? z : T(2) - z);
}

// probit(p): the standard normal quantile, -sqrt(2) erfcinv(2p), for p in [0, 1].
template <class T>
T probit(T p) restrict(cpu, amp) {
  return -prim::real<T>::sqrt2() * erfcinv(T(2) * p);
}

// fpclassify with the host C library's FP_* values, so kernels compare with them.
template <class T>
int fpclassify(T x) restrict(cpu, amp) {
  if (x != x) return FP_NAN;
  const T a = prim::fabs(x);
  if (a > prim::real<T>::max()) return FP_INFINITE;
  if (a == T(0)) return FP_ZERO;
  return a < prim::real<T>::min() ? FP_SUBNORMAL : FP_NORMAL;
}

}  // namespace __ampcl
}  // namespace Concurrency
